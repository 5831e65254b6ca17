import type { Voice } from '../catalogue/exercise.js';

/**
 * Where in the beat a note falls, as drummers count it: `1 e & a` for sixteenths, `1 trip let` for
 * triplets. Steps of other grids (sextuplets, thirty-seconds) count as the nearest of these.
 */
export const BEAT_POSITIONS = ['1', 'e', '&', 'a', 'trip', 'let'] as const;
export type BeatPosition = (typeof BEAT_POSITIONS)[number];

/** A take's figures for one voice at one position in the beat, from its judged strokes. */
export interface PositionFigures {
  voice: Voice;
  position: BeatPosition;
  /** Strokes that played notes of this voice at this position. */
  strokes: number;
  /** Their mean offset, ms (negative: early). */
  meanOffsetMs: number;
  /** The standard deviation of their offsets, ms. */
  spreadMs: number;
}

/**
 * The position in the beat of a grid step, on a grid of `subdivision` steps a beat: triplet grids
 * (3, 6) count `1 trip let`, the others `1 e & a` (eighths only `1 &`).
 */
export const beatPositionOf = (step: number, subdivision: number): BeatPosition => {
  const within = (((step % subdivision) + subdivision) % subdivision) / subdivision;
  if (subdivision % 3 === 0) return (['1', 'trip', 'let'] as const)[Math.round(within * 3) % 3]!;
  return (['1', 'e', '&', 'a'] as const)[Math.round(within * 4) % 4]!;
};
