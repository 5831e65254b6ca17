import type { DayKey, PracticeActivityEntry } from '@stickwork/domain';
import { customerKeyOf, isCustomerErased } from './customer-key.js';
import { asPracticeEvent } from './practice-event.js';
import { defineProjection } from './projection.js';

/** Per customer: lessons and minutes practised per calendar day (in the customer's time zone). */
export interface PracticeHeatmapModel {
  days: Record<DayKey, { count: number; minutes: number }>;
}

export const practiceHeatmapProjection = defineProjection<PracticeHeatmapModel>({
  name: 'practice_heatmap',
  canHandle: ['PracticeActivityRecorded', 'PracticeHistoryErased', 'CustomerErased'],
  keyOf: customerKeyOf,
  initialState: () => ({ days: {} }),
  evolve: (model, event) => {
    if (isCustomerErased(event)) return null;
    const practiceEvent = asPracticeEvent(event);
    if (practiceEvent?.type === 'PracticeHistoryErased') return null;
    if (practiceEvent?.type !== 'PracticeActivityRecorded') return model;
    const { day, lessons, minutes } = practiceEvent.data;
    const before = model.days[day] ?? { count: 0, minutes: 0 };
    return {
      days: { ...model.days, [day]: { count: before.count + lessons, minutes: before.minutes + minutes } },
    };
  },
});

/** GET /api/practiceActivity: one entry per practised day, oldest first. */
export const practiceActivityEntries = (model: PracticeHeatmapModel): PracticeActivityEntry[] =>
  Object.entries(model.days)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, { count, minutes }]) => ({ date, count, practiceDurationMinutes: minutes }));
