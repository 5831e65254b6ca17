import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loggedOut } from '../../lib/session/session-slice';
import { startSaga } from '../../testing/saga-harness';
import type { FocusView, LessonProgress, SkillSelfRating } from './progress-api';
import { loadStats, progressSaga, type ProgressDependencies } from './progress-saga';
import {
  progressLoaded,
  progressLoadFailed,
  progressSlice,
  skillLeveledUp,
  skillUpdateFinished,
  skillUpdateRequested,
} from './progress-slice';

const report = (lessons: number): LessonProgress => ({
  progress: [],
  stats: { hours: 1, minutes: 75, lessons, longestStreak: 2, currentStreak: 1 },
  overallLevelTitle: 'Starter',
  chart: [],
  today: { date: '2026-11-21' as never, count: 0, practiceDurationMinutes: 0 },
  heatmap: { from: '2026-07-22' as never, to: '2026-11-21' as never, days: [] },
});

const timing = (level: SkillSelfRating['level']): FocusView => ({
  skillSelfRating: [{ skillName: 'timing', selected: level !== 'level not set', level }],
});

const dependenciesWith = (overrides: Partial<ProgressDependencies> = {}): ProgressDependencies => ({
  fetchLessonProgress: vi.fn(async () => report(3)),
  fetchFocus: vi.fn(async () => timing('beginner')),
  patchFocus: vi.fn(async () => timing('advanced')),
  logError: vi.fn(),
  ...overrides,
});

const runLoadStats = async (dependencies: ProgressDependencies) => {
  const dispatched: UnknownAction[] = [];
  await runSaga(
    { dispatch: (action: UnknownAction) => void dispatched.push(action), getState: () => ({}) },
    loadStats,
    dependencies,
  ).toPromise();
  return dispatched;
};

describe('the stats page load', () => {
  it('stores the practice report', async () => {
    expect(await runLoadStats(dependenciesWith())).toEqual([
      progressLoaded({ report: report(3), ratings: null }),
    ]);
  });

  it('a 401 logs out; another failure says the page could not load', async () => {
    const unauthorised = dependenciesWith({
      fetchLessonProgress: vi.fn(async () => {
        throw new ApiError(401, 'User not authorized', null);
      }),
    });
    expect(await runLoadStats(unauthorised)).toEqual([loggedOut()]);
    const broken = dependenciesWith({
      fetchLessonProgress: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    expect(await runLoadStats(broken)).toEqual([progressLoadFailed()]);
  });
});

describe('the skill screen', () => {
  it('an update PATCHes the rating and reads the levels again', async () => {
    const dependencies = dependenciesWith({ fetchFocus: vi.fn(async () => timing('advanced')) });
    const saga = startSaga(
      () => progressSaga(dependencies),
      progressSlice.reducer,
      progressSlice.getInitialState(),
    );
    const rating: SkillSelfRating = { skillName: 'timing', selected: true, level: 'advanced' };
    saga.dispatch(skillUpdateRequested(rating));
    expect(saga.state().updating).toBe('timing');
    await saga.waitFor(skillUpdateFinished.type);
    expect(dependencies.patchFocus).toHaveBeenCalledWith(rating);
    expect(saga.state()).toMatchObject({
      updating: null,
      ratings: timing('advanced').skillSelfRating,
      notice: 'Timing is set to level 5: Advanced.',
    });
    saga.stop();
  });

  it('a failed update is only logged; the stored levels are shown again', async () => {
    const dependencies = dependenciesWith({
      patchFocus: vi.fn(async () => {
        throw new ApiError(400, 'bad', null);
      }),
    });
    const saga = startSaga(
      () => progressSaga(dependencies),
      progressSlice.reducer,
      progressSlice.getInitialState(),
    );
    saga.dispatch(skillUpdateRequested({ skillName: 'timing', selected: true, level: 'advanced' }));
    await saga.waitFor(skillUpdateFinished.type);
    expect(dependencies.logError).toHaveBeenCalledWith('Could not update the skill.', expect.any(ApiError));
    expect(saga.state().ratings).toEqual(timing('beginner').skillSelfRating);
    expect(saga.state().notice).toBeNull();
    saga.stop();
  });

  it('a level up refreshes the gauges and ratings', async () => {
    const fetchLessonProgress = vi.fn().mockResolvedValueOnce(report(3));
    const dependencies = dependenciesWith({ fetchLessonProgress });
    const saga = startSaga(
      () => progressSaga(dependencies),
      progressSlice.reducer,
      progressSlice.getInitialState(),
    );
    saga.dispatch(skillLeveledUp('timing'));
    await saga.waitFor(progressLoaded.type);
    expect(fetchLessonProgress).toHaveBeenCalledOnce();
    expect(dependencies.fetchFocus).toHaveBeenCalledOnce();
    expect(saga.state().load).toBe('loaded');
    saga.stop();
  });
});
