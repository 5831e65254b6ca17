import type { DayKey, PracticeActivityEntry } from '@stickwork/domain';
import { match } from 'ts-pattern';
import { customerKeyOf } from './customer-key.js';
import { practiceFoldEvents } from './practice-event.js';
import { defineProjection } from './projection.js';

/** Per customer: lessons and minutes practised per calendar day (in the customer's time zone). */
export interface PracticeHeatmapModel {
  days: Record<DayKey, { count: number; minutes: number }>;
}

const events = practiceFoldEvents('PracticeActivityRecorded', 'PracticeHistoryErased', 'CustomerErased');

export const practiceHeatmapProjection = defineProjection<PracticeHeatmapModel>({
  name: 'practice_heatmap',
  canHandle: events.canHandle,
  keyOf: customerKeyOf,
  initialState: () => ({ days: {} }),
  evolve: (model, event) =>
    match(events.read(event))
      .returnType<PracticeHeatmapModel | null>()
      .with(undefined, () => model)
      .with({ type: 'CustomerErased' }, { type: 'PracticeHistoryErased' }, () => null)
      .with({ type: 'PracticeActivityRecorded' }, ({ data: { day, lessons, minutes } }) => {
        const before = model.days[day] ?? { count: 0, minutes: 0 };
        return {
          days: {
            ...model.days,
            [day]: { count: before.count + lessons, minutes: before.minutes + minutes },
          },
        };
      })
      .exhaustive(),
});

/** GET /api/practiceActivity: one entry per practised day, oldest first. */
export const practiceActivityEntries = (model: PracticeHeatmapModel): PracticeActivityEntry[] =>
  Object.entries(model.days)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, { count, minutes }]) => ({ date, count, practiceDurationMinutes: minutes }));
