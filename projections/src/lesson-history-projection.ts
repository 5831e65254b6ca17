import type { LessonFocus, LessonHistoryEntry, LessonHistoryTake, TimingScored } from '@stickwork/domain';
import { customerKeyOf, isCustomerErased } from './customer-key.js';
import { asPracticeEvent } from './practice-event.js';
import { defineProjection } from './projection.js';

/** Per customer: the lessons played, newest first. */
export interface LessonHistoryModel {
  entries: LessonHistoryEntry[];
}

/**
 * Entries kept per customer: a year and more of daily practice. The read model is one JSON value per
 * customer, rewritten on each of their takes and evaluations, so it stays bounded; the oldest go first.
 */
export const LESSON_HISTORY_MAX_ENTRIES = 1000;

/**
 * Takes and an evaluation of the same lesson belong to one entry while that entry is not rated yet and
 * was played within this time (the longest practice session is 6 hours). Later, the lesson is played anew.
 */
export const LESSON_PLAY_WINDOW_MS = 6 * 60 * 60 * 1000;

const openEntryIndex = (entries: readonly LessonHistoryEntry[], lessonId: number, at: string): number =>
  entries.findIndex(
    (entry) =>
      entry.lessonId === lessonId &&
      entry.rating === null &&
      Date.parse(at) - Date.parse(entry.playedAt) <= LESSON_PLAY_WINDOW_MS,
  );

/** `entries` with the open entry of `lessonId` (or a new one) changed by `update` and moved to the front. */
const played = (
  entries: readonly LessonHistoryEntry[],
  lessonId: number,
  focus: LessonFocus,
  at: string,
  update: (entry: LessonHistoryEntry) => LessonHistoryEntry,
): LessonHistoryEntry[] => {
  const index = openEntryIndex(entries, lessonId, at);
  const entry = entries[index] ?? {
    lessonId,
    focus,
    playedAt: at,
    rating: null,
    skipped: false,
    takes: 0,
    best: null,
  };
  const rest = index === -1 ? entries : entries.filter((_, i) => i !== index);
  return [update({ ...entry, playedAt: at }), ...rest].slice(0, LESSON_HISTORY_MAX_ENTRIES);
};

const bestOf = (best: LessonHistoryTake | null, take: TimingScored['data']): LessonHistoryTake =>
  best !== null && best.accuracy >= take.accuracy
    ? best
    : {
        input: take.input,
        bpm: take.bpm,
        accuracy: take.accuracy,
        meanOffsetMs: take.meanOffsetMs,
        spreadMs: take.spreadMs,
      };

/**
 * `lesson_history`: per customer, the lessons they played (from `LessonEvaluated` and `TimingScored`),
 * newest first. Days are not stored: an evaluation carries only its instant, so every entry is dayed the
 * same way when read, in the zone of the reader (`playedAt`). Erased with the practice history and with
 * the customer.
 */
export const lessonHistoryProjection = defineProjection<LessonHistoryModel>({
  name: 'lesson_history',
  canHandle: ['LessonEvaluated', 'TimingScored', 'PracticeHistoryErased', 'CustomerErased'],
  keyOf: customerKeyOf,
  initialState: () => ({ entries: [] }),
  evolve: (model, event) => {
    if (isCustomerErased(event)) return null;
    const practiceEvent = asPracticeEvent(event);
    switch (practiceEvent?.type) {
      case 'PracticeHistoryErased':
        return null;
      case 'TimingScored': {
        const take = practiceEvent.data;
        return {
          entries: played(model.entries, take.lessonId, take.focus, take.scoredAt, (entry) => ({
            ...entry,
            takes: entry.takes + 1,
            best: bestOf(entry.best, take),
          })),
        };
      }
      case 'LessonEvaluated': {
        const { lessonId, focus, evaluatedAt, ratingDifficulty, skipped } = practiceEvent.data;
        return {
          entries: played(model.entries, lessonId, focus, evaluatedAt, (entry) => ({
            ...entry,
            rating: ratingDifficulty,
            skipped,
          })),
        };
      }
      default:
        return model;
    }
  },
});

/** The entries of one skill (or all), newest first. */
export const lessonHistoryEntries = (
  model: LessonHistoryModel | undefined,
  focus?: LessonFocus,
): LessonHistoryEntry[] =>
  (model?.entries ?? []).filter((entry) => focus === undefined || entry.focus === focus);
