import type { Voice } from '../catalogue/exercise.js';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import type { HitTier, HitTiming } from './timing-tiers.js';
import { isCountIn, TakeJudge } from './take-judge.js';

/**
 * The timing coach's judge: matches what the drummer played (strokes from an e-kit or a microphone) to the
 * notes the pattern expects, and scores the take. Pure: times are milliseconds on one clock (the audio
 * clock of the card), latency already subtracted by the caller. Judged in milliseconds, the same at every
 * tempo (`timing-tiers.ts`); the matching itself is the TakeJudge's.
 */

/** Strokes a written note is played with besides its own: grace strokes before it, or buzz rebounds. */
export type Ornament = 'flam' | 'drag' | 'ruff' | 'buzz';

/** A note the pattern expects, due at its moment in the take. */
export interface DueNote {
  timeMs: number;
  voice: Voice;
  /** Tempo sounding at this note (for the record: the judge works in milliseconds). */
  bpm: number;
  accent?: boolean;
  ghost?: boolean;
  /** Played with grace strokes just before it (flam 1, drag 2, ruff 3) or with buzz rebounds after it. */
  ornament?: Ornament;
  /** The note's step on the grid, ms: the span a buzz fills with its rebounds. */
  lengthMs?: number;
}

/** A stroke the drummer played. No voice (a microphone hears one voice) matches any expected voice. */
export interface PlayedHit {
  timeMs: number;
  voice?: Voice;
  /** MIDI velocity 1-127, when the input has one. */
  velocity?: number;
}

export type { HitTier, HitTiming } from './timing-tiers.js';

/** One played stroke and what it was judged. */
export interface JudgedHit {
  timeMs: number;
  /** The drum it was struck on, when the input tells (an e-kit): where the lane view draws an extra. */
  voice?: Voice;
  /**
   * Index of the expected note it played (with a microphone, the first of the notes written at that
   * moment), or of the note whose ornament it belongs to; null for an extra stroke.
   */
  expectedIndex: number | null;
  /** Played minus expected, in ms (negative: early); null for an extra stroke. */
  offsetMs: number | null;
  /** Early, on or late: null for extra and ornament strokes. */
  timing: HitTiming | null;
  /** On, close or off: null for extra and ornament strokes. */
  tier: HitTier | null;
  /**
   * A grace stroke of a flam, drag or ruff, a buzz rebound, or (with a microphone) another drum's stroke of
   * a moment written on several: played for its note, neither hit nor extra.
   */
  ornament?: true;
}

export interface TakeScore {
  /** Notes expected. */
  expected: number;
  /** Notes played (with a microphone, one stroke plays every note written at its moment). */
  hit: number;
  missed: number;
  /** Strokes that played no note and belong to no note's ornament. */
  extra: number;
  /** Mean of the offsets of the strokes that played notes, ms (negative: the drummer rushes). 0 without. */
  meanOffsetMs: number;
  /** Standard deviation of those offsets, ms: how steady the time is. */
  spreadMs: number;
  /** 0-100, in tenths: what each note's stroke earned, less half a note for each extra stroke. */
  accuracy: number;
  /**
   * With an e-kit (hits with a velocity): of the strokes that played notes, how many were played at the
   * written level (accents as accents, ghost notes as ghosts, the rest in between). Null without velocities.
   */
  dynamics: { judged: number; asWritten: number } | null;
  /** Every stroke, in time order. */
  hits: JudgedHit[];
}

/**
 * Scores a whole take: the same judge the coach runs live, fed everything at once. A stroke plays the note
 * of its drum it lies nearest to (within 125 ms, and within half the gap to that drum's neighbours); of
 * several strokes near one note the best plays it, the others are extra unless they are the note's grace
 * strokes or buzz rebounds. Strokes before the first note's reach (the count-in) are neither hits nor extras
 * and left out of the score. With strokes that carry no voice (a microphone), the notes written at one
 * moment are one expected stroke.
 */
export function scoreTake(expected: readonly DueNote[], allPlayed: readonly PlayedHit[]): TakeScore {
  const firstNoteMs = expected.reduce(
    (first, note) => Math.min(first, note.timeMs),
    Number.POSITIVE_INFINITY,
  );
  const played = allPlayed.filter((hit) => !isCountIn(hit, firstNoteMs));
  const voiced = played.length > 0 && played.every((hit) => hit.voice !== undefined);
  const judge = new TakeJudge({ voiced });
  const inOrder = expected
    .map((note, index) => ({ note, index }))
    .sort((a, b) => a.note.timeMs - b.note.timeMs || a.index - b.index);
  for (const { note, index } of inOrder) judge.addNote(note, index);
  for (const hit of [...played].sort((a, b) => a.timeMs - b.timeMs)) judge.addHit(hit);
  return judge.finish();
}

/** A take of this accuracy or more is played well. */
export const PLAYED_WELL = 90;
/** Below this accuracy the lesson is too hard at that tempo. */
export const PLAYED_POORLY = 70;

/**
 * The evaluation a take suggests: played well reads as easy, fairly as challenging, poorly as hard. The
 * tempo plan's rule (`judgePlay`) uses the same thresholds, so one take's summary and the back's slider agree.
 */
export const suggestedRating = (accuracy: number): DifficultyRating =>
  accuracy >= PLAYED_WELL ? 'easy' : accuracy >= PLAYED_POORLY ? 'challenging' : 'hard';

/** The median of some numbers (a calibration's offsets, where a recording starts), in their unit; 0 without any. */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
