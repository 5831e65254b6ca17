import { epochDay, shiftDayKey, type DayKey, type WeeklyGoalSetting } from '@stickwork/domain';
import { match } from 'ts-pattern';
import { customerKeyOf } from './customer-key.js';
import { practiceFoldEvents } from './practice-event.js';
import type { PracticeRun } from './practice-streaks-projection.js';
import { defineProjection } from './projection.js';

/**
 * Per customer: the weekly goals they set, oldest first, one per customer day (the last
 * set that day). A week is judged by the goal in force at its end (`weeklyGoalProgress`), so the
 * history is kept, not only the latest goal. Erased with the practice history and the account.
 */
export interface WeeklyGoalModel {
  settings: WeeklyGoalSetting[];
}

const events = practiceFoldEvents('WeeklyGoalSet', 'PracticeHistoryErased', 'CustomerErased');

export const weeklyGoalProjection = defineProjection<WeeklyGoalModel>({
  name: 'weekly_goals',
  canHandle: events.canHandle,
  keyOf: customerKeyOf,
  initialState: () => ({ settings: [] }),
  evolve: (model, event) =>
    match(events.read(event))
      .returnType<WeeklyGoalModel | null>()
      .with(undefined, () => model)
      .with({ type: 'CustomerErased' }, { type: 'PracticeHistoryErased' }, () => null)
      .with({ type: 'WeeklyGoalSet' }, ({ data: { day, daysPerWeek } }) => {
        const settings = [...model.settings.filter((setting) => setting.day !== day), { day, daysPerWeek }];
        return { settings: settings.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)) };
      })
      .exhaustive(),
});

/** Every practice day of the streak read model's runs, oldest first. */
export function* practiceDaysOfRuns(runs: readonly PracticeRun[]): Generator<DayKey> {
  for (const run of runs) {
    const length = epochDay(run.to) - epochDay(run.from);
    for (let offset = 0; offset <= length; offset += 1) yield shiftDayKey(run.from, offset);
  }
}
