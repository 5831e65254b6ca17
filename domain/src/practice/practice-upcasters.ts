import { checkedUpcaster, type UpcasterRegistry } from '../decider/upcasters.js';
import {
  lessonEvaluatedSchema,
  lessonEvaluatedV1Schema,
  lessonEvaluatedV2Schema,
  timingScoredSchema,
  timingScoredV1Schema,
} from './practice-event-schemas.js';
import type { LessonEvaluated, TimingScored } from './practice-events.js';

/** Version 2 of `LessonEvaluated`: before the server's practice clock. */
export type LessonEvaluatedV2 = Omit<LessonEvaluated['data'], 'practisedMs' | 'earned' | 'masteryShown'>;
/** Version 1 of `LessonEvaluated`: before plays had ids. */
export type LessonEvaluatedV1 = Omit<LessonEvaluatedV2, 'playId'>;
/** Version 1 of `TimingScored`: before plays had ids and takes had figures per position. */
export type TimingScoredV1 = Omit<TimingScored['data'], 'playId' | 'byPosition'>;

/**
 * The `practice-` stream's upcasters, each one entry with the schema of the version it reads and of
 * the one it returns (`checkedUpcaster`): data that does not fit is refused with the field, and the
 * projections park the event (DESIGN.md "Old events"). Version 1 evaluations and takes belong to no
 * known play (the lesson history joins them by time, as it did when they were written) and have no
 * figures per position. Version 2 evaluations were credited as sent: earned, a mastered box taken as
 * mastery, their time unknown (not zero).
 */
export const practiceEventUpcasters: UpcasterRegistry = {
  LessonEvaluated: {
    1: checkedUpcaster(
      { type: 'LessonEvaluated', version: 1, from: lessonEvaluatedV1Schema, to: lessonEvaluatedV2Schema },
      (data): LessonEvaluatedV2 => ({ ...data, playId: null }),
    ),
    2: checkedUpcaster(
      { type: 'LessonEvaluated', version: 2, from: lessonEvaluatedV2Schema, to: lessonEvaluatedSchema },
      (data): LessonEvaluated['data'] => ({
        ...data,
        practisedMs: null,
        earned: true,
        masteryShown: data.skipped,
      }),
    ),
  },
  TimingScored: {
    1: checkedUpcaster(
      { type: 'TimingScored', version: 1, from: timingScoredV1Schema, to: timingScoredSchema },
      (data): TimingScored['data'] => ({ ...data, playId: null, byPosition: [] }),
    ),
  },
};
