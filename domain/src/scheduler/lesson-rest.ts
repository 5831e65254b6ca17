import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import { METRONOME_BPM } from '../rules/limits.js';

/** What the scheduler remembers of a lesson's evaluations (kept by the practice decider). */
export interface LessonEvaluationSummary {
  lastRating: DifficultyRating;
  /** ISO 8601. */
  lastEvaluatedAt: string;
  count: number;
}

/** A lesson rated too easy (mastered records too easy too) rests this long before it returns. */
export const TOO_EASY_REST_DAYS = 14;
/** A lesson rated too hard comes back after this long, slower. */
export const TOO_HARD_REST_DAYS = 3;
export const TOO_HARD_TEMPO_FACTOR = 0.85;

const DAY_MS = 24 * 60 * 60 * 1000;

export type LessonReadiness = 'fresh' | 'resting' | 'slower';

/** Whether a lesson may come now, must rest, or comes back at a lower tempo. */
export const lessonReadiness = (
  summary: LessonEvaluationSummary | undefined,
  nowMs: number,
): LessonReadiness => {
  if (!summary) return 'fresh';
  const sinceMs = nowMs - Date.parse(summary.lastEvaluatedAt);
  switch (summary.lastRating) {
    case 'too_easy':
      return sinceMs < TOO_EASY_REST_DAYS * DAY_MS ? 'resting' : 'fresh';
    case 'too_hard':
      return sinceMs < TOO_HARD_REST_DAYS * DAY_MS ? 'resting' : 'slower';
    case 'easy':
    case 'challenging':
    case 'hard':
      return 'fresh';
    default: {
      const _exhaustive: never = summary.lastRating;
      return 'fresh';
    }
  }
};

/** The start tempo of a lesson returning after a too-hard rating, never below the metronome's 30 bpm. */
export const slowerStartBpm = (startBpm: number): number =>
  Math.max(METRONOME_BPM.min, Math.round(startBpm * TOO_HARD_TEMPO_FACTOR));
