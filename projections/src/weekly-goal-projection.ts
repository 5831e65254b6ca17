import { epochDay, shiftDayKey, type DayKey, type WeeklyGoalSetting } from '@stickwork/domain';
import { customerKeyOf, isCustomerErased } from './customer-key.js';
import { asPracticeEvent } from './practice-event.js';
import type { PracticeRun } from './practice-streaks-projection.js';
import { defineProjection } from './projection.js';

/**
 * Per customer: the weekly goals they set (issue 17), oldest first, one per customer day (the last
 * set that day). A week is judged by the goal in force at its end (`weeklyGoalProgress`), so the
 * history is kept, not only the latest goal. Erased with the practice history and the account.
 */
export interface WeeklyGoalModel {
  settings: WeeklyGoalSetting[];
}

export const weeklyGoalProjection = defineProjection<WeeklyGoalModel>({
  name: 'weekly_goals',
  canHandle: ['WeeklyGoalSet', 'PracticeHistoryErased', 'CustomerErased'],
  keyOf: customerKeyOf,
  initialState: () => ({ settings: [] }),
  evolve: (model, event) => {
    if (isCustomerErased(event)) return null;
    const practiceEvent = asPracticeEvent(event);
    if (practiceEvent?.type === 'PracticeHistoryErased') return null;
    if (practiceEvent?.type !== 'WeeklyGoalSet') return model;
    const { day, daysPerWeek } = practiceEvent.data;
    const settings = [...model.settings.filter((setting) => setting.day !== day), { day, daysPerWeek }];
    return { settings: settings.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)) };
  },
});

/** Every practice day of the streak read model's runs, oldest first. */
export function* practiceDaysOfRuns(runs: readonly PracticeRun[]): Generator<DayKey> {
  for (const run of runs) {
    const length = epochDay(run.to) - epochDay(run.from);
    for (let offset = 0; offset <= length; offset += 1) yield shiftDayKey(run.from, offset);
  }
}
