import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loggedOut } from '../../lib/session/session-slice';
import { startSaga } from '../../testing/saga-harness';
import { statsPageOpened } from './progress-slice';
import type { WeeklyGoalView } from './weekly-goal-api';
import { weeklyGoalSaga, type WeeklyGoalDependencies } from './weekly-goal-saga';
import {
  weeklyGoalChosen,
  weeklyGoalLoaded,
  weeklyGoalLoadFailed,
  weeklyGoalSaved,
  weeklyGoalSaveFailed,
  weeklyGoalSlice,
} from './weekly-goal-slice';

const view = (daysPerWeek: number, practiceDays = 2): WeeklyGoalView => ({
  today: '2026-11-19',
  timeZone: 'Europe/Berlin',
  weeklyGoal: {
    daysPerWeek,
    weekStart: '2026-11-16',
    weekEnd: '2026-11-22',
    practiceDays,
    met: practiceDays >= daysPerWeek,
    weeksMetInARow: practiceDays >= daysPerWeek ? 1 : 0,
  },
  streak: { current: 2, longest: 9, freezesHeld: 1, practiceDaysToNextFreeze: 5, frozenDays: ['2026-11-12'] },
});

const dependenciesWith = (overrides: Partial<WeeklyGoalDependencies> = {}): WeeklyGoalDependencies => ({
  fetchWeeklyGoal: vi.fn(async () => view(3)),
  putWeeklyGoal: vi.fn(async (daysPerWeek: number) => view(daysPerWeek)),
  logError: vi.fn(),
  ...overrides,
});

const start = (dependencies: WeeklyGoalDependencies) =>
  startSaga(() => weeklyGoalSaga(dependencies), weeklyGoalSlice.reducer, weeklyGoalSlice.getInitialState());

describe('the weekly goal on the stats page', () => {
  it('is read when the stats page opens', async () => {
    const saga = start(dependenciesWith());
    saga.dispatch(statsPageOpened());
    await saga.waitFor(weeklyGoalLoaded.type);
    expect(saga.state()).toMatchObject({ load: 'loaded', view: view(3) });
    saga.stop();
  });

  it('a chosen goal is PUT, and the answer and a confirmation are shown', async () => {
    const dependencies = dependenciesWith();
    const saga = start(dependencies);
    saga.dispatch(weeklyGoalChosen(2));
    expect(saga.state().saving).toBe(2);
    await saga.waitFor(weeklyGoalSaved.type);
    expect(dependencies.putWeeklyGoal).toHaveBeenCalledWith(2);
    expect(saga.state()).toMatchObject({
      saving: null,
      view: view(2),
      notice: { tone: 'success', text: 'Your goal is now 2 days a week.' },
    });
    saga.stop();
  });

  it("a refused save shows the server's message; a network failure says to try again", async () => {
    const refused = start(
      dependenciesWith({
        putWeeklyGoal: vi.fn(async () => {
          throw new ApiError(400, 'daysPerWeek: must be at most 7', null);
        }),
      }),
    );
    refused.dispatch(weeklyGoalChosen(9));
    await refused.waitFor(weeklyGoalSaveFailed.type);
    expect(refused.state().notice).toEqual({ tone: 'error', text: 'daysPerWeek: must be at most 7' });
    refused.stop();

    const offline = start(
      dependenciesWith({
        putWeeklyGoal: vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      }),
    );
    offline.dispatch(weeklyGoalChosen(4));
    await offline.waitFor(weeklyGoalSaveFailed.type);
    expect(offline.state()).toMatchObject({
      saving: null,
      notice: { tone: 'error', text: 'Your goal could not be saved. Please try again.' },
    });
    offline.stop();
  });

  it('a 401 logs out; another load failure is shown as such', async () => {
    const unauthorised = start(
      dependenciesWith({
        fetchWeeklyGoal: vi.fn(async () => {
          throw new ApiError(401, 'User not authorized', null);
        }),
      }),
    );
    unauthorised.dispatch(statsPageOpened());
    await unauthorised.waitFor(loggedOut.type);
    unauthorised.stop();

    const broken = start(
      dependenciesWith({
        fetchWeeklyGoal: vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      }),
    );
    broken.dispatch(statsPageOpened());
    await broken.waitFor(weeklyGoalLoadFailed.type);
    expect(broken.state().load).toBe('failed');
    broken.stop();
  });
});
