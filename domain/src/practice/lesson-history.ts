import { dayKeyInZone } from '../calendar/day-keys.js';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import type { LessonFocus } from '../rules/skills.js';
import type { TimingInput } from '../schemas/practice-requests.js';

/*
 * The lesson history (GET /api/lesson-history, the `lesson_history_by_play` read model): the lessons a customer
 * played, newest first, each with its rating and its best timing take.
 */

/** The take of a lesson with the best accuracy (the first of equals). */
export interface LessonHistoryTake {
  input: TimingInput;
  bpm: number;
  accuracy: number;
  meanOffsetMs: number;
  spreadMs: number;
}

/** One lesson played: the takes the timing coach scored on it and its evaluation, whichever came. */
export interface LessonHistoryEntry {
  lessonId: number;
  /** The showing of the lesson its takes and rating came from; absent for plays recorded without one. */
  playId?: string;
  focus: LessonFocus;
  /** When it was last played: its evaluation, or its last take while it is not rated. ISO instant. */
  playedAt: string;
  /** null until the lesson is evaluated; a mastered lesson records too_easy. */
  rating: DifficultyRating | null;
  /** "I have mastered this lesson." */
  skipped: boolean;
  takes: number;
  best: LessonHistoryTake | null;
}

/** An entry as the API answers it: with the lesson's name and the day it was played in the reader's zone. */
export interface LessonHistoryRow extends LessonHistoryEntry {
  name: string;
  /** 'YYYY-MM-DD' of `playedAt` in the customer's time zone. */
  day: string;
}

/** One point of a skill's timing trend: the best accuracy of a lesson played that day. */
export interface TimingTrendPoint {
  day: string;
  playedAt: string;
  accuracy: number;
}

/**
 * Accuracy over time per skill, oldest first: each lesson played with a scored take is one point (its
 * best accuracy). Skills without takes have no trend.
 */
export const timingTrends = (
  rows: readonly LessonHistoryRow[],
): Partial<Record<LessonFocus, TimingTrendPoint[]>> => {
  const trends: Partial<Record<LessonFocus, TimingTrendPoint[]>> = {};
  for (const row of [...rows].sort((a, b) => Date.parse(a.playedAt) - Date.parse(b.playedAt))) {
    if (row.best === null) continue;
    (trends[row.focus] ??= []).push({ day: row.day, playedAt: row.playedAt, accuracy: row.best.accuracy });
  }
  return trends;
};

/**
 * The entries of the read model as GET /api/lesson-history answers them (and `stickwork replay` shows
 * them): with the lesson's name from the catalogue and the day each was played in the customer's zone.
 */
export const lessonHistoryRows = (
  entries: readonly LessonHistoryEntry[],
  lessonName: (lessonId: number) => string | undefined,
  timeZone: string,
): LessonHistoryRow[] =>
  entries.map((entry) => ({
    ...entry,
    name: lessonName(entry.lessonId) ?? `Lesson ${entry.lessonId}`,
    day: dayKeyInZone(new Date(entry.playedAt), timeZone),
  }));
