import { epochDay, isDayKey, shiftDayKey, type DayKey, type PracticeStreaks } from '@stickwork/domain';
import { match } from 'ts-pattern';
import { customerKeyOf } from './customer-key.js';
import { practiceFoldEvents } from './practice-event.js';
import { defineProjection } from './projection.js';

/** A run of consecutive practice days, both ends included. */
export interface PracticeRun {
  from: DayKey;
  to: DayKey;
}

/**
 * Per customer: the practice days as runs of consecutive days, oldest first. Days are the customer's
 * calendar days as recorded (each activity event carries its day in the customer's time zone), and
 * runs keep the model small and exact even when a day arrives out of order (a change of zone).
 * Which run is "current" depends on today, so streaks are read with `streaksOf(model, today)`.
 */
export interface PracticeStreaksModel {
  runs: PracticeRun[];
}

/** The runs with `day` added: extends, bridges or starts a run, keeping them sorted and disjoint. */
export const addPracticeDay = (runs: readonly PracticeRun[], day: DayKey): PracticeRun[] => {
  const value = epochDay(day);
  const merged: PracticeRun[] = [];
  let added: { from: number; to: number } = { from: value, to: value };
  let placed = false;
  for (const run of runs) {
    const from = epochDay(run.from);
    const to = epochDay(run.to);
    if (to < added.from - 1) merged.push(run);
    else if (from > added.to + 1) {
      if (!placed) merged.push(toRun(added));
      placed = true;
      merged.push(run);
    } else added = { from: Math.min(from, added.from), to: Math.max(to, added.to) };
  }
  if (!placed) merged.push(toRun(added));
  return merged;
};

const toRun = ({ from, to }: { from: number; to: number }): PracticeRun => {
  const base = '1970-01-01';
  return { from: shiftDayKey(base, from), to: shiftDayKey(base, to) };
};

const events = practiceFoldEvents('PracticeActivityRecorded', 'PracticeHistoryErased', 'CustomerErased');

export const practiceStreaksProjection = defineProjection<PracticeStreaksModel>({
  name: 'practice_streaks',
  canHandle: events.canHandle,
  keyOf: customerKeyOf,
  initialState: () => ({ runs: [] }),
  evolve: (model, event) =>
    match(events.read(event))
      .returnType<PracticeStreaksModel | null>()
      .with(undefined, () => model)
      .with({ type: 'CustomerErased' }, { type: 'PracticeHistoryErased' }, () => null)
      .with({ type: 'PracticeActivityRecorded' }, ({ data: { day } }) =>
        isDayKey(day) ? { runs: addPracticeDay(model.runs, day) } : model,
      )
      .exhaustive(),
});

/**
 * Current and longest streak as of `today` (product-spec §9; same rules as the domain's
 * `practiceStreaks`): days after today do not count, and the current streak is the run that ends
 * today or yesterday.
 */
export const streaksOf = (model: PracticeStreaksModel, today: DayKey): PracticeStreaks => {
  const todayNumber = epochDay(today);
  let longest = 0;
  let current = 0;
  for (const run of model.runs) {
    const from = epochDay(run.from);
    if (from > todayNumber) break;
    const to = Math.min(epochDay(run.to), todayNumber);
    const length = to - from + 1;
    longest = Math.max(longest, length);
    current = todayNumber - to <= 1 ? length : 0;
  }
  return { longest, current };
};
