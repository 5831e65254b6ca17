import {
  dayKeyInZone,
  humaneStreak,
  shiftDayKey,
  weeklyGoalProgress,
  type PracticeCommand,
  type TimeZone,
} from '@stickwork/domain';
import {
  practiceDaysOfRuns,
  practiceStreaksProjection,
  weeklyGoalProjection,
  type PracticeStreaksModel,
  type WeeklyGoalModel,
} from '@stickwork/projections';
import type { Backend } from '../backend.js';
import { runPracticeCommand } from '../practice/practice-commands.js';

export type WeeklyGoalBackend = Pick<Backend, 'store' | 'readModels' | 'projections' | 'clock'> &
  Partial<Pick<Backend, 'practiceSnapshots'>>;

/** Frozen days older than this are left out of the answer: the calendar shows the last 4 months. */
const FROZEN_DAYS_SHOWN = 186;

/**
 * GET /api/goal: this week's progress toward the weekly goal, the weeks met in a row, and the humane
 * streak, all on the customer's days in their pinned zone, from the read models.
 */
export const weeklyGoalView = (backend: WeeklyGoalBackend, customerId: string, timeZone: TimeZone) => {
  const today = dayKeyInZone(backend.clock(), timeZone);
  const streaks = backend.readModels.get<PracticeStreaksModel>(practiceStreaksProjection.name, customerId);
  const goals = backend.readModels.get<WeeklyGoalModel>(weeklyGoalProjection.name, customerId);
  const days = [...practiceDaysOfRuns(streaks?.runs ?? [])];
  const streak = humaneStreak(days, today);
  const oldestShown = shiftDayKey(today, -FROZEN_DAYS_SHOWN);
  return {
    today,
    timeZone,
    weeklyGoal: weeklyGoalProgress(days, goals?.settings ?? [], today),
    streak: { ...streak, frozenDays: streak.frozenDays.filter((day) => day >= oldestShown) },
  };
};
export type WeeklyGoalView = ReturnType<typeof weeklyGoalView>;

/** PUT /api/goal: records `WeeklyGoalSet` and answers once the read models show it. */
export const setWeeklyGoal = async (
  backend: WeeklyGoalBackend,
  customerId: string,
  daysPerWeek: number,
  timeZone: TimeZone,
): Promise<void> => {
  const command: PracticeCommand = {
    type: 'SetWeeklyGoal',
    data: { daysPerWeek, timeZone },
    metadata: { now: backend.clock() },
  };
  await runPracticeCommand({ ...backend, snapshots: backend.practiceSnapshots }, customerId, command);
};
