import type { DayKey } from '@stickwork/domain';
import { match } from 'ts-pattern';
import { customerKeyOf } from './customer-key.js';
import { practiceFoldEvents } from './practice-event.js';
import { defineProjection } from './projection.js';

/** Per customer: non-warm-up lessons counted per calendar day (the day in the customer's zone). */
export interface PracticeUsageModel {
  lessonsByDay: Record<DayKey, number>;
}

const events = practiceFoldEvents('UsageIncremented', 'UsageReset', 'CustomerErased');

/**
 * Usage per day, as the decider counts it: an operator's reset clears one day. Erasing one's
 * practice history keeps it, as the decider does (the daily limit must not reset that way); only
 * the erasure of the customer removes it.
 */
export const practiceUsageProjection = defineProjection<PracticeUsageModel>({
  name: 'practice_usage',
  canHandle: events.canHandle,
  keyOf: customerKeyOf,
  initialState: () => ({ lessonsByDay: {} }),
  evolve: (model, event) =>
    match(events.read(event))
      .returnType<PracticeUsageModel | null>()
      .with(undefined, () => model)
      .with({ type: 'CustomerErased' }, () => null)
      .with({ type: 'UsageReset' }, ({ data }) => {
        const { [data.day]: _cleared, ...lessonsByDay } = model.lessonsByDay;
        return { lessonsByDay };
      })
      .with({ type: 'UsageIncremented' }, ({ data: { day } }) => ({
        lessonsByDay: { ...model.lessonsByDay, [day]: (model.lessonsByDay[day] ?? 0) + 1 },
      }))
      .exhaustive(),
});

/** Lessons counted on a customer day (GET /api/usage's `data_used`). */
export const lessonsUsedOn = (model: PracticeUsageModel, day: DayKey): number => model.lessonsByDay[day] ?? 0;
