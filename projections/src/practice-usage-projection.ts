import type { DayKey } from '@stickwork/domain';
import { customerKeyOf, isCustomerErased } from './customer-key.js';
import { asPracticeEvent } from './practice-event.js';
import { defineProjection } from './projection.js';

/** Per customer: non-warm-up lessons counted per calendar day (the day in the customer's zone). */
export interface PracticeUsageModel {
  lessonsByDay: Record<DayKey, number>;
}

/**
 * Usage per day, as the decider counts it: an operator's reset clears one day. Erasing one's
 * practice history keeps it, as the decider does (the daily limit must not reset that way); only
 * the erasure of the customer removes it.
 */
export const practiceUsageProjection = defineProjection<PracticeUsageModel>({
  name: 'practice_usage',
  canHandle: ['UsageIncremented', 'UsageReset', 'CustomerErased'],
  keyOf: customerKeyOf,
  initialState: () => ({ lessonsByDay: {} }),
  evolve: (model, event) => {
    if (isCustomerErased(event)) return null;
    const practiceEvent = asPracticeEvent(event);
    if (practiceEvent?.type === 'UsageReset') {
      const { [practiceEvent.data.day]: _cleared, ...lessonsByDay } = model.lessonsByDay;
      return { lessonsByDay };
    }
    if (practiceEvent?.type !== 'UsageIncremented') return model;
    const { day } = practiceEvent.data;
    return { lessonsByDay: { ...model.lessonsByDay, [day]: (model.lessonsByDay[day] ?? 0) + 1 } };
  },
});

/** Lessons counted on a customer day (GET /api/usage's `data_used`). */
export const lessonsUsedOn = (model: PracticeUsageModel, day: DayKey): number => model.lessonsByDay[day] ?? 0;
