import type { Exercise } from '../catalogue/exercise.js';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import { METRONOME_BPM } from '../rules/limits.js';
import { accuracyLabel } from '../timing/timing-tiers.js';
import { lessonReadiness, slowerStartBpm, type LessonEvaluationSummary } from './lesson-rest.js';
import { PLAYED_POORLY, PLAYED_WELL, type LessonTakeHistory, type TakeMark } from './take-history.js';

/*
 * The tempo that follows the drummer (DESIGN.md "Schedule"): a lesson's start tempo for this drummer
 * comes from their takes on it, with the self-ratings as the fallback.
 */

/** A lesson is practised between these shares of its written start tempo (and inside the metronome's range). */
export const LESSON_TEMPO_RANGE = { below: 0.6, above: 1.5 } as const;
/** One step of tempo: about 4-5 % of the tempo, in whole bpm (84 → 88). */
export const TEMPO_STEP_SHARE = 0.045;
/** The speed trainer's target without a take played well: its start plus this share. */
const UNPLAYED_TARGET_FACTOR = 1.2;

/** The slowest and fastest start tempo of a lesson, whole bpm. */
export const lessonTempoRange = (startBpm: number): { min: number; max: number } => ({
  min: Math.max(METRONOME_BPM.min, Math.round(startBpm * LESSON_TEMPO_RANGE.below)),
  max: Math.min(METRONOME_BPM.max, Math.round(startBpm * LESSON_TEMPO_RANGE.above)),
});

/** One step at `bpm`: whole bpm, at least 1. */
export const tempoStep = (bpm: number): number => Math.max(1, Math.round(bpm * TEMPO_STEP_SHARE));

/** Why the plan chose its start tempo. */
export type TempoBasis =
  | {
      kind: 'takes';
      /** The tempo the last play's takes were judged at, and their best accuracy there. */
      bpm: number;
      accuracy: number;
      /** Takes in the last play. */
      takes: number;
      /** Rated too hard after those takes (which lowers the tempo whatever they say). */
      ratedTooHard: boolean;
    }
  | { kind: 'rating'; rating: Extract<DifficultyRating, 'too_hard'> }
  | { kind: 'catalogue' };

export interface TempoPlan {
  lessonId: number;
  startBpm: number;
  /** Where the speed trainer heads: the best tempo played well plus a step (never below the start). */
  targetBpm: number;
  basis: TempoBasis;
}

const clampTo = (bpm: number, range: { min: number; max: number }) =>
  Math.min(range.max, Math.max(range.min, bpm));

/**
 * The next start tempo of a lesson from the last play's takes: a take of 90 % or more at T moves it to
 * T + one step, 70-90 % keeps T (the fastest tempo any take supports wins); with every take below 70 %,
 * a step back from the slowest T played; never outside the lesson's range. A "too hard" rating of that
 * play still lowers it.
 */
export const planTempo = (
  lesson: Pick<Exercise, 'lesson_id' | 'start_bpm'>,
  history: LessonTakeHistory | undefined,
  evaluation: LessonEvaluationSummary | undefined,
  now: Date,
): TempoPlan => {
  const range = lessonTempoRange(lesson.start_bpm);
  const lastPlay = history?.plays.at(-1);
  const target = (startBpm: number) => {
    const best = history?.bestWellBpm;
    const from = Math.max(startBpm, best ?? 0);
    const planned =
      best === null || best === undefined
        ? Math.round(startBpm * UNPLAYED_TARGET_FACTOR)
        : from + tempoStep(from);
    return Math.max(startBpm, Math.min(METRONOME_BPM.max, planned));
  };
  if (lastPlay && lastPlay.takes.length > 0) {
    const { takes } = lastPlay;
    const nextAfter = ({ bpm, accuracy }: TakeMark) =>
      accuracy >= PLAYED_WELL ? bpm + tempoStep(bpm) : accuracy >= PLAYED_POORLY ? bpm : bpm - tempoStep(bpm);
    const fair = takes.filter((take) => take.accuracy >= PLAYED_POORLY);
    // The fastest tempo the play supports; with none played fairly, a step back from the slowest.
    const judged = (fair.length > 0 ? fair : takes).reduce((chosen, take) =>
      fair.length > 0
        ? nextAfter(take) > nextAfter(chosen) ||
          (nextAfter(take) === nextAfter(chosen) && take.accuracy > chosen.accuracy)
          ? take
          : chosen
        : take.bpm < chosen.bpm || (take.bpm === chosen.bpm && take.accuracy > chosen.accuracy)
          ? take
          : chosen,
    );
    const { bpm, accuracy } = judged;
    const next = nextAfter(judged);
    const ratedTooHard = lastPlay.rated && evaluation?.lastRating === 'too_hard';
    const startBpm = clampTo(ratedTooHard ? Math.min(next, slowerStartBpm(bpm)) : next, range);
    return {
      lessonId: lesson.lesson_id,
      startBpm,
      targetBpm: target(startBpm),
      basis: { kind: 'takes', bpm, accuracy, takes: takes.length, ratedTooHard },
    };
  }
  if (lessonReadiness(evaluation, now.getTime()) === 'slower') {
    const startBpm = slowerStartBpm(lesson.start_bpm);
    return {
      lessonId: lesson.lesson_id,
      startBpm,
      targetBpm: target(startBpm),
      basis: { kind: 'rating', rating: 'too_hard' },
    };
  }
  return {
    lessonId: lesson.lesson_id,
    startBpm: lesson.start_bpm,
    targetBpm: target(lesson.start_bpm),
    basis: { kind: 'catalogue' },
  };
};

/** The card's sentence for a plan ("Last time 92 % at 84 bpm, today 88 bpm"); null for the catalogue's tempo. */
export const tempoPlanSentence = (plan: Pick<TempoPlan, 'startBpm' | 'basis'>): string | null => {
  const { basis, startBpm } = plan;
  switch (basis.kind) {
    case 'takes':
      return `Last time ${accuracyLabel(basis.accuracy)} at ${basis.bpm} bpm${basis.ratedTooHard ? ', rated too hard' : ''}, today ${startBpm} bpm`;
    case 'rating':
      return `Rated too hard last time, today ${startBpm} bpm`;
    case 'catalogue':
      return null;
    default: {
      const _exhaustive: never = basis;
      return null;
    }
  }
};
