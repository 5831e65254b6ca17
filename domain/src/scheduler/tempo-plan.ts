import type { Exercise } from '../catalogue/exercise.js';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import { METRONOME_BPM } from '../rules/limits.js';
import { accuracyLabel } from '../timing/timing-tiers.js';
import { lessonReadiness, slowerStartBpm, type LessonEvaluationSummary } from './lesson-rest.js';
import { PLAYED_POORLY, PLAYED_WELL } from '../timing/score-take.js';
import { type LessonTakeHistory, type TakeMark } from './take-history.js';

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
      /** A faster tempo the play failed `FAILS_THAT_CAP` times, which capped the start; absent without. */
      failedBpm?: number;
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

/** A tempo failed (under PLAYED_POORLY) this many times in one play, and never played fairly there or faster, caps the next start. */
export const FAILS_THAT_CAP = 2;

/** What a play's full takes say: the take that judges the play, the next start it allows, and the rating it suggests. */
export interface PlayVerdict {
  judged: TakeMark;
  /** Before the lesson's range and a "too hard" rating are applied. */
  nextBpm: number;
  /** The tempo failed `FAILS_THAT_CAP` times that capped `nextBpm`; null when nothing capped it. */
  failedBpm: number | null;
  /** easy when the next start moves up, challenging when it stays, hard when it steps back. */
  rating: Extract<DifficultyRating, 'easy' | 'challenging' | 'hard'>;
}

const nextAfter = ({ bpm, accuracy }: TakeMark) =>
  accuracy >= PLAYED_WELL ? bpm + tempoStep(bpm) : accuracy >= PLAYED_POORLY ? bpm : bpm - tempoStep(bpm);

/**
 * The one rule for a play's full takes (docs/timing-coach.md "The rule of a play"), which both the tempo
 * plan and the card's suggested rating follow. A take of 90 % or more at T allows T + one step, 70-90 %
 * keeps T, under 70 % a step back. The play is judged by the take allowing the fastest next tempo (the best
 * accuracy among equals), or, with every take under 70 %, by the best take at the slowest tempo. A tempo F
 * failed twice in the play, with no take at F or faster at 70 % or more, caps the next start a step below
 * F (never below the judged tempo). The rating says where the next start goes. Null without takes.
 */
export const judgePlay = (takes: readonly TakeMark[]): PlayVerdict | null => {
  const fair = takes.filter((take) => take.accuracy >= PLAYED_POORLY);
  const judged =
    fair.length > 0
      ? fair.reduce((chosen, take) =>
          nextAfter(take) > nextAfter(chosen) ||
          (nextAfter(take) === nextAfter(chosen) && take.accuracy > chosen.accuracy)
            ? take
            : chosen,
        )
      : takes.reduce<TakeMark | undefined>(
          (chosen, take) =>
            !chosen || take.bpm < chosen.bpm || (take.bpm === chosen.bpm && take.accuracy > chosen.accuracy)
              ? take
              : chosen,
          undefined,
        );
  if (!judged) return null;
  const failedTwice = [...new Set(takes.map((take) => take.bpm))].filter(
    (bpm) =>
      takes.filter((take) => take.bpm === bpm && take.accuracy < PLAYED_POORLY).length >= FAILS_THAT_CAP &&
      !fair.some((take) => take.bpm >= bpm),
  );
  const uncapped = nextAfter(judged);
  // The slowest tempo failed twice caps hardest; a cap never sends the start below the judged tempo.
  const lowestFailed = failedTwice.length > 0 ? Math.min(...failedTwice) : null;
  const cap = lowestFailed === null ? uncapped : Math.max(judged.bpm, lowestFailed - tempoStep(lowestFailed));
  const nextBpm = Math.min(uncapped, cap);
  return {
    judged,
    nextBpm,
    failedBpm: nextBpm < uncapped ? lowestFailed : null,
    rating: nextBpm > judged.bpm ? 'easy' : nextBpm === judged.bpm ? 'challenging' : 'hard',
  };
};

/**
 * The back's sentence for the rating it starts at ("Your last full take scored 95 % on timing, so the
 * slider starts at easy"); over several takes it names the take that judged the play and a cap.
 */
export const playVerdictSentence = (verdict: PlayVerdict, takes: number): string => {
  const { judged, failedBpm } = verdict;
  const because =
    takes === 1
      ? `Your last full take scored ${accuracyLabel(judged.accuracy)} on timing`
      : `Of your ${takes} full takes, ${accuracyLabel(judged.accuracy)} at ${judged.bpm} bpm sets the next tempo${
          failedBpm === null ? '' : ` (${failedBpm} bpm failed twice)`
        }`;
  return `${because}, so the slider starts at ${verdict.rating}: move it if it felt different.`;
};

/**
 * The next start tempo of a lesson from the last play's full takes, by `judgePlay`; never outside the
 * lesson's range. A "too hard" rating of that play still lowers it.
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
  const verdict = judgePlay(lastPlay?.takes ?? []);
  if (lastPlay && verdict) {
    const { judged, nextBpm: next, failedBpm } = verdict;
    const { bpm, accuracy } = judged;
    const ratedTooHard = lastPlay.rated && evaluation?.lastRating === 'too_hard';
    const startBpm = clampTo(ratedTooHard ? Math.min(next, slowerStartBpm(bpm)) : next, range);
    return {
      lessonId: lesson.lesson_id,
      startBpm,
      targetBpm: target(startBpm),
      basis: {
        kind: 'takes',
        bpm,
        accuracy,
        takes: lastPlay.takes.length,
        ratedTooHard,
        ...(failedBpm === null ? {} : { failedBpm }),
      },
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
      return `Last time ${accuracyLabel(basis.accuracy)} at ${basis.bpm} bpm${
        basis.failedBpm === undefined ? '' : `, ${basis.failedBpm} bpm failed twice`
      }${basis.ratedTooHard ? ', rated too hard' : ''}, today ${startBpm} bpm`;
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
