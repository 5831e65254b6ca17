import type { LessonEvaluationSummary } from './lesson-rest.js';
import { PLAYED_POORLY, PLAYED_WELL } from '../timing/score-take.js';
import { type LessonTakeHistory, type PlayMark } from './take-history.js';

/*
 * Spaced returns (DESIGN.md "Schedule"): a lesson the drummer played with the timing coach comes back
 * after an interval its accuracy history sets: soon while its takes stay below 70 %, then further apart
 * with every play in a row that holds 70 % or more. Lessons without takes keep the self-rating rests
 * (`lesson-rest.ts`).
 */

export const RETURN_DAYS = {
  /** The last play below 70 %: back the next day. */
  poorly: 1,
  /** The first play of a run at 70-90 %. */
  fairly: 2,
  /** The first play of a run at 90 % or more. */
  well: 4,
  /** Never longer than this. */
  longest: 30,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The best accuracy of a play's takes. */
const bestOf = (play: PlayMark): number => Math.max(...play.takes.map((take) => take.accuracy));

/**
 * Days until a played lesson returns: 1 after a play below 70 %; otherwise 2 (70-90 %) or 4 (90 % or
 * more) days for the last play, doubled for each earlier play in a row at 70 % or more, at most 30. A
 * rating of too easy after the last play doubles it once more. Null without any take.
 */
export const returnIntervalDays = (
  history: LessonTakeHistory | undefined,
  evaluation?: Pick<LessonEvaluationSummary, 'lastRating'>,
): number | null => {
  const plays = history?.plays.filter((play) => play.takes.length > 0) ?? [];
  const last = plays.at(-1);
  if (!last) return null;
  const accuracy = bestOf(last);
  if (accuracy < PLAYED_POORLY) return RETURN_DAYS.poorly;
  let run = 0;
  for (let i = plays.length - 1; i >= 0 && bestOf(plays[i]!) >= PLAYED_POORLY; i--) run++;
  const tooEasy = last.rated && evaluation?.lastRating === 'too_easy' ? 1 : 0;
  const base = accuracy >= PLAYED_WELL ? RETURN_DAYS.well : RETURN_DAYS.fairly;
  return Math.min(RETURN_DAYS.longest, base * 2 ** (run - 1 + tooEasy));
};

/**
 * When a played lesson is due: its interval after it was last played (its last play, or the evaluation
 * after it). Null without any take.
 */
export const returnDueAt = (
  history: LessonTakeHistory | undefined,
  evaluation: LessonEvaluationSummary | undefined,
): number | null => {
  const days = returnIntervalDays(history, evaluation);
  const last = history?.plays.at(-1);
  if (days === null || !last) return null;
  const playedAt = Math.max(Date.parse(last.at), evaluation ? Date.parse(evaluation.lastEvaluatedAt) : 0);
  return playedAt + days * DAY_MS;
};

/** Per lesson played with the coach, when its return is due (`returnDueAt`, ms since the epoch). */
export const returnsDueOf = (
  takeHistory: ReadonlyMap<number, LessonTakeHistory>,
  evaluations: ReadonlyMap<number, LessonEvaluationSummary>,
): Map<number, number> => {
  const due = new Map<number, number>();
  for (const [lessonId, history] of takeHistory) {
    const at = returnDueAt(history, evaluations.get(lessonId));
    if (at !== null) due.set(lessonId, at);
  }
  return due;
};
