import type { Exercise } from '../catalogue/exercise.js';

/*
 * The server's practice clock (issue 34): a lesson is credited by the time the server saw pass on it,
 * from when it was shown (its session was scheduled, or the lesson before it was evaluated) to its
 * evaluation, never by what a client says it practised. That time is bounded by the wall clock, so no
 * sequence of evaluations can credit more practice than the time that went by.
 */

/** A lesson evaluated before this share of its practice time was not practised (without a take). */
export const MIN_PRACTICE_SHARE = 0.25;
const MINUTE_MS = 60_000;

/** The lesson fields the clock reads. */
export type ClockedLesson = Pick<Exercise, 'practice_time' | 'start_bpm' | 'notation'>;

/** The clock's part of the practice state. */
export interface PracticeClock {
  /** When the card last showed a new lesson by what the server knows (ISO); null before any session. */
  shownAt: string | null;
  /** Milliseconds practised by the clock that no practice activity has counted as minutes yet. */
  unrecordedMs: number;
  /** Lessons that earned their practice, not yet counted by a practice activity. */
  unrecordedLessons: number;
}

export const initialPracticeClock = (): PracticeClock => ({
  shownAt: null,
  unrecordedMs: 0,
  unrecordedLessons: 0,
});

/** Time since the lesson was shown; 0 when nothing was shown or the clock went back. */
export const practisedMsAt = (clock: PracticeClock, now: Date): number =>
  clock.shownAt === null ? 0 : Math.max(0, now.getTime() - Date.parse(clock.shownAt));

/** One pass through the lesson's pattern at `bpm` (its written tempo unless given). */
export const passMs = (
  lesson: Pick<ClockedLesson, 'start_bpm' | 'notation'>,
  bpm = lesson.start_bpm,
): number => (lesson.notation.timeSignature.beats * lesson.notation.bars * MINUTE_MS) / Math.max(1, bpm);

/**
 * The least time that counts as practice of the lesson: one pass of its pattern (at the fastest tempo
 * of a take in this play, when there is one), and without a take also a share of its practice time.
 */
export const minimumPracticeMs = (lesson: ClockedLesson, fastestTakeBpm: number | null): number =>
  fastestTakeBpm === null
    ? Math.max(passMs(lesson), MIN_PRACTICE_SHARE * lesson.practice_time * MINUTE_MS)
    : passMs(lesson, Math.max(lesson.start_bpm, fastestTakeBpm));

/** Whether a lesson practised `practisedMs` by the clock earned its progress. */
export const practiceEarned = (
  lesson: ClockedLesson,
  practisedMs: number,
  fastestTakeBpm: number | null,
): boolean => practisedMs >= minimumPracticeMs(lesson, fastestTakeBpm);

/**
 * What a practice activity may record: never more minutes or lessons than it asks for, nor than the
 * clock counted and no activity recorded yet. Seconds short of a minute wait for the next activity.
 */
export const creditedActivity = (
  clock: PracticeClock,
  asked: { lessons: number; minutes: number },
): { lessons: number; minutes: number } => ({
  lessons: Math.min(asked.lessons, clock.unrecordedLessons),
  minutes: Math.min(asked.minutes, Math.floor(clock.unrecordedMs / MINUTE_MS)),
});

/**
 * The clock after a practice activity recorded `minutes` and `lessons`. An activity whose figures
 * cannot be read (a damaged event, which the projections park) is taken to have recorded all the
 * practice before it: nothing is credited twice, and the customer's writes go on.
 */
export const clockAfterActivity = (
  clock: PracticeClock,
  recorded: { lessons: number; minutes: number } | null,
): PracticeClock =>
  Number.isFinite(recorded?.minutes) && Number.isFinite(recorded?.lessons)
    ? {
        ...clock,
        unrecordedMs: Math.max(0, clock.unrecordedMs - (recorded?.minutes ?? 0) * MINUTE_MS),
        unrecordedLessons: Math.max(0, clock.unrecordedLessons - (recorded?.lessons ?? 0)),
      }
    : { ...clock, unrecordedMs: 0, unrecordedLessons: 0 };
