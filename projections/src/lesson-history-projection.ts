import type {
  LessonFocus,
  LessonHistoryEntry,
  LessonHistoryTake,
  PlayId,
  TimingScored,
} from '@stickwork/domain';
import { isFullTake } from '@stickwork/domain';
import type { ReadModelStore } from './read-model-store.js';
import { customerKeyOf } from './customer-key.js';
import { match } from 'ts-pattern';
import { asPracticeEvent, practiceFoldEvents } from './practice-event.js';
import { defineProjection } from './projection.js';

/** Per customer and lesson: the plays of that lesson, newest first. */
export interface LessonHistoryModel {
  entries: LessonHistoryEntry[];
}

/**
 * Entries shown per customer (the page, the export): a year and more of daily practice, newest first.
 */
export const LESSON_HISTORY_MAX_ENTRIES = 1000;

/**
 * Plays kept per lesson among those recorded without a play id. The read model is kept per play
 * (key `<customer>/<lesson>/<play>`): a take or an evaluation writes its own play's small row, so its
 * cost does not grow with the customer's history, nor with how often they played that lesson (the
 * web app names every play). Takes and evaluations without a play id are told apart by the plays of
 * their lesson, so those are kept per customer and lesson (key `<customer>/<lesson>`), the newest
 * `LESSON_PLAYS_KEPT`. The customer's history is the merge of all their rows.
 */
export const LESSON_PLAYS_KEPT = 100;

const lessonsOf = (customerId: string) => `${customerId}/`;
const lessonKeyOf = (customerId: string, lessonId: number, playId: PlayId) =>
  `${lessonsOf(customerId)}${lessonId}${playId === null ? '' : `/${playId}`}`;

/**
 * Takes and an evaluation without a play id (recorded before plays had ids) belong to one entry while
 * that entry is not rated yet and was played within this time (the longest practice session is 6 hours).
 */
export const LESSON_PLAY_WINDOW_MS = 6 * 60 * 60 * 1000;

/** The entry a take or an evaluation belongs to: the one of its play, in whatever order they come. */
const entryIndexOf = (
  entries: readonly LessonHistoryEntry[],
  lessonId: number,
  at: string,
  playId: PlayId,
): number =>
  playId !== null
    ? entries.findIndex((entry) => entry.playId === playId)
    : entries.findIndex(
        (entry) =>
          entry.lessonId === lessonId &&
          entry.playId === undefined &&
          entry.rating === null &&
          Date.parse(at) - Date.parse(entry.playedAt) <= LESSON_PLAY_WINDOW_MS,
      );

/** `entries` with the open entry of `lessonId` (or a new one) changed by `update` and moved to the front. */
const played = (
  entries: readonly LessonHistoryEntry[],
  { lessonId, focus, playId }: { lessonId: number; focus: LessonFocus; playId: PlayId },
  at: string,
  update: (entry: LessonHistoryEntry) => LessonHistoryEntry,
): LessonHistoryEntry[] => {
  const index = entryIndexOf(entries, lessonId, at, playId);
  const entry = entries[index] ?? {
    lessonId,
    ...(playId !== null ? { playId } : {}),
    focus,
    playedAt: at,
    rating: null,
    skipped: false,
    takes: 0,
    best: null,
  };
  const rest = index === -1 ? entries : entries.filter((_, i) => i !== index);
  // An entry is dated by its latest record (a take that comes after the rating does not move it back).
  const playedAt = Date.parse(at) >= Date.parse(entry.playedAt) ? at : entry.playedAt;
  return [update({ ...entry, playedAt }), ...rest].slice(0, LESSON_PLAYS_KEPT);
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

const events = practiceFoldEvents(
  'LessonEvaluated',
  'TimingScored',
  'PracticeHistoryErased',
  'CustomerErased',
);

/**
 * `lesson_history_by_play`: per customer, the lessons they played (from `LessonEvaluated` and `TimingScored`),
 * newest first. Days are not stored: an evaluation carries only its instant, so every entry is dayed the
 * same way when read, in the zone of the reader (`playedAt`). Erased with the practice history and with
 * the customer.
 */
export const lessonHistoryProjection = defineProjection<LessonHistoryModel>({
  name: 'lesson_history_by_play',
  // Formerly one model per customer, then one per customer and lesson (the plays of a lesson
  // rewritten with each of them): those layouts are rebuilt into this one on the next start.
  formerNames: ['lesson_history', 'lesson_history_by_lesson'],
  canHandle: events.canHandle,
  keyOf: (event) => {
    const customerId = customerKeyOf(event);
    const practiceEvent = asPracticeEvent(event);
    return customerId !== null &&
      (practiceEvent?.type === 'LessonEvaluated' || practiceEvent?.type === 'TimingScored')
      ? lessonKeyOf(customerId, practiceEvent.data.lessonId, practiceEvent.data.playId)
      : null;
  },
  // An erasure of the practice history or of the customer drops every lesson of theirs.
  dropsKeysUnder: (event) => {
    const customerId = customerKeyOf(event);
    return customerId !== null && (event.type === 'PracticeHistoryErased' || event.type === 'CustomerErased')
      ? lessonsOf(customerId)
      : null;
  },
  initialState: () => ({ entries: [] }),
  evolve: (model, event) =>
    match(events.read(event))
      .returnType<LessonHistoryModel>()
      // A take shorter than a full one (a false start) never counts, nor becomes the best take.
      .with({ type: 'TimingScored' }, ({ data: take }) =>
        isFullTake(take)
          ? {
              entries: played(model.entries, take, take.scoredAt, (entry) => ({
                ...entry,
                takes: entry.takes + 1,
                best: bestOf(entry.best, take),
              })),
            }
          : model,
      )
      .with({ type: 'LessonEvaluated' }, ({ data: { evaluatedAt, ratingDifficulty, skipped, ...play } }) => ({
        entries: played(model.entries, play, evaluatedAt, (entry) => ({
          ...entry,
          rating: ratingDifficulty,
          skipped,
        })),
      }))
      // The erasures drop the customer's lessons (dropsKeysUnder); keyOf names no model for them.
      .with(undefined, { type: 'PracticeHistoryErased' }, { type: 'CustomerErased' }, () => model)
      .exhaustive(),
});

/**
 * The entries of one skill (or all), newest first, from the customer's lesson models (any order),
 * at most `LESSON_HISTORY_MAX_ENTRIES`.
 */
export const lessonHistoryEntries = (
  models: Iterable<LessonHistoryModel>,
  focus?: LessonFocus,
): LessonHistoryEntry[] =>
  [...models]
    .flatMap((model) => model.entries)
    .filter((entry) => focus === undefined || entry.focus === focus)
    .sort((a, b) => Date.parse(b.playedAt) - Date.parse(a.playedAt))
    .slice(0, LESSON_HISTORY_MAX_ENTRIES);

/** A customer's lesson models in the read-model store. */
export const lessonHistoryModelsOf = (readModels: ReadModelStore, customerId: string): LessonHistoryModel[] =>
  readModels
    .listUnder<LessonHistoryModel>(lessonHistoryProjection.name, lessonsOf(customerId))
    .map(({ state }) => state);

/** A customer's lesson models among folded ones (a replay, a test: `foldProjection`'s map). */
export const lessonHistoryModelsIn = (
  models: ReadonlyMap<string, LessonHistoryModel>,
  customerId: string,
): LessonHistoryModel[] =>
  [...models].filter(([key]) => key.startsWith(lessonsOf(customerId))).map(([, model]) => model);
