import { combineSlices, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../testing/saga-harness';
import { LevelUpGauge } from './level-up-gauge';
import type { SkillGauge } from './progress-api';
import { progressSlice, skillLeveledUp } from './progress-slice';
import { sliderPrompt } from './update-skills-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGauge = (gauge: SkillGauge) => {
  const actions: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const store = configureStore({
    reducer: combineSlices(progressSlice),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(record),
  });
  render(
    <Provider store={store}>
      <LevelUpGauge gauge={gauge} />
    </Provider>,
  );
  return actions;
};

const timing = (levelProgress: number, levelUpOffered: boolean): SkillGauge => ({
  skillName: 'timing',
  skillLevel: 'beginner',
  levelProgress,
  selected: true,
  levelUpOffered,
  hint: 'hint',
});

describe('the level-up gauge', () => {
  it('shows percent and level, with the skill name as its tooltip', () => {
    renderGauge(timing(42, false));
    const gauge = screen.getByRole('img', { name: 'Timing: 42% of lvl 2' });
    expect(gauge.querySelector('title')?.textContent).toBe('Timing');
    expect(gauge.textContent).toContain('42%');
    expect(gauge.textContent).toContain('lvl 2');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('when offered: a Level Up button that posts the level up, then asks for fresh progress', async () => {
    const api = stubApi({
      'POST /api/focus/level-up': () =>
        jsonResponse(200, { skillName: 'timing', skillLevel: 'advanced_beginner', levelProgress: 0 }),
    });
    const actions = renderGauge(timing(85, true));
    const button = screen.getByRole('button', { name: 'Level Up Timing' });
    expect(button.getAttribute('title')).toBe('Level Up');
    expect(button.className).toContain('level-up-gauge--offered');
    fireEvent.click(button);
    await waitFor(() => expect(actions).toContainEqual(skillLeveledUp('timing')));
    expect(api.calls()).toEqual([
      { request: 'POST /api/focus/level-up', body: { skillName: 'timing' }, token: undefined },
    ]);
  });

  it('a failed level up is only logged', async () => {
    stubApi({ 'POST /api/focus/level-up': () => jsonResponse(409, { message: 'not offered' }) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const actions = renderGauge(timing(85, true));
    fireEvent.click(screen.getByRole('button', { name: 'Level Up Timing' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Level up failed.', expect.anything()));
    expect(actions).not.toContainEqual(skillLeveledUp('timing'));
    logged.mockRestore();
  });
});

describe('the slider prompt', () => {
  it('names the skill and the chosen level, or asks to move the slider', () => {
    expect(sliderPrompt('groove_feel_sound', 2, 5)).toBe('Update Groove Feel and Sound to: level 5');
    expect(sliderPrompt('timing', 2, 2)).toBe('Move slider to select new level');
  });
});
