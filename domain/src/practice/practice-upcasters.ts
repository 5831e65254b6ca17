import type { UpcasterRegistry } from '../decider/upcasters.js';
import type { LessonEvaluated, TimingScored } from './practice-events.js';

/** Version 1 of `LessonEvaluated`: before plays had ids. */
export type LessonEvaluatedV1 = Omit<LessonEvaluated['data'], 'playId'>;
/** Version 1 of `TimingScored`: before plays had ids and takes had figures per position. */
export type TimingScoredV1 = Omit<TimingScored['data'], 'playId' | 'byPosition'>;

/**
 * The `practice-` stream's upcasters. Version 1 evaluations and takes belong to no known play (the
 * lesson history joins them by time, as it did when they were written) and have no figures per position.
 */
export const practiceEventUpcasters: UpcasterRegistry = {
  LessonEvaluated: {
    1: (data): LessonEvaluated['data'] => ({ playId: null, ...(data as LessonEvaluatedV1) }),
  },
  TimingScored: {
    1: (data): TimingScored['data'] => ({
      playId: null,
      byPosition: [],
      ...(data as TimingScoredV1),
    }),
  },
};
