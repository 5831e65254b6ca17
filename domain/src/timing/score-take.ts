import type { Voice } from '../catalogue/exercise.js';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';

/**
 * The timing coach's judge: matches what the drummer played (hits from an e-kit or a microphone) to the
 * notes the pattern expects at the played tempo, and scores the take. Pure: times are milliseconds on one
 * clock (the audio clock of the card), latency already subtracted by the caller.
 */

/** A note the pattern expects, due at its moment in the take. */
export interface DueNote {
  timeMs: number;
  voice: Voice;
  /** Tempo sounding at this note; the matching window scales with it. */
  bpm: number;
  accent?: boolean;
  ghost?: boolean;
}

/** A stroke the drummer played. No voice (a microphone hears one voice) matches any expected voice. */
export interface PlayedHit {
  timeMs: number;
  voice?: Voice;
  /** MIDI velocity 1-127, when the input has one. */
  velocity?: number;
}

export type HitTiming = 'early' | 'on' | 'late';

/** One played hit and what it was judged. */
export interface JudgedHit {
  timeMs: number;
  /** Index of the expected note it played, or null for an extra hit. */
  expectedIndex: number | null;
  /** Played minus expected, in ms (negative: early); null for an extra hit. */
  offsetMs: number | null;
  timing: HitTiming | null;
}

/** How hard a stroke was: from an e-kit's velocity, or as the notation writes the note. */
export type Dynamic = 'accent' | 'normal' | 'ghost';

/** Velocity 100 and up is an accent, 45 and below a ghost note. */
export const dynamicOfVelocity = (velocity: number): Dynamic =>
  velocity >= 100 ? 'accent' : velocity <= 45 ? 'ghost' : 'normal';

export const writtenDynamic = (note: Pick<DueNote, 'accent' | 'ghost'>): Dynamic =>
  note.accent ? 'accent' : note.ghost ? 'ghost' : 'normal';

export interface TakeScore {
  expected: number;
  hit: number;
  missed: number;
  extra: number;
  /** Mean of the offsets of the matched hits, ms (negative: the drummer rushes). 0 without hits. */
  meanOffsetMs: number;
  /** Standard deviation of those offsets, ms: how steady the time is. */
  spreadMs: number;
  /** 0-100. */
  accuracy: number;
  /**
   * With an e-kit (hits with a velocity): of the matched hits, how many were played at the written level
   * (accents as accents, ghost notes as ghosts, the rest in between). Null without velocities.
   */
  dynamics: { judged: number; asWritten: number } | null;
  hits: JudgedHit[];
}

/** The matching window at 120 bpm, and the tempo it is stated for. */
export const TIMING_WINDOW_MS_AT_120 = 60;
/** Within this share of the window (±10 ms at 120 bpm) a hit counts as "on" and earns full credit. */
export const ON_TIME_SHARE = 1 / 6;
/**
 * An extra hit takes back half a note's credit: at least what a stray hit could win by taking a note from
 * a worse one (credit never falls below one half inside the window), so extra hits never raise a score.
 */
const EXTRA_HIT_COST = 0.5;

/** ±window in ms at a tempo: 60 ms at 120 bpm, wider when slower, narrower when faster. */
export const timingWindowMs = (bpm: number): number => (TIMING_WINDOW_MS_AT_120 * 120) / bpm;

export const timingOf = (offsetMs: number, windowMs: number): HitTiming =>
  Math.abs(offsetMs) <= windowMs * ON_TIME_SHARE ? 'on' : offsetMs < 0 ? 'early' : 'late';

/**
 * Credit for a matched note, by how far off it was: full within the "on" band, then falling linearly to
 * one half at the edge of the window (a hit in the window is still a hit). Never rises with |offset|.
 */
export const creditFor = (offsetMs: number, windowMs: number): number => {
  const distance = Math.abs(offsetMs);
  const onBand = windowMs * ON_TIME_SHARE;
  if (distance <= onBand) return 1;
  return 1 - (0.5 * Math.min(distance - onBand, windowMs - onBand)) / (windowMs - onBand);
};

const voiceFits = (hit: PlayedHit, note: DueNote): boolean =>
  hit.voice === undefined || hit.voice === note.voice;

/**
 * Scores a take. Each hit, in time order, takes the nearest expected note not yet played whose window
 * holds it (and whose voice it plays); a hit that finds none is extra, and an expected note no hit took is
 * missed.
 */
export function scoreTake(expected: readonly DueNote[], played: readonly PlayedHit[]): TakeScore {
  const notes = expected
    .map((note, index) => ({ note, index }))
    .sort((a, b) => a.note.timeMs - b.note.timeMs);
  const taken = new Set<number>();
  const inOrder = [...played].sort((a, b) => a.timeMs - b.timeMs);
  const hits = inOrder.map((hit): JudgedHit => {
    let best: { index: number; offset: number; window: number } | undefined;
    for (const { note, index } of notes) {
      if (taken.has(index) || !voiceFits(hit, note)) continue;
      const window = timingWindowMs(note.bpm);
      const offset = hit.timeMs - note.timeMs;
      if (Math.abs(offset) > window) continue;
      if (!best || Math.abs(offset) < Math.abs(best.offset)) best = { index, offset, window };
    }
    if (!best) return { timeMs: hit.timeMs, expectedIndex: null, offsetMs: null, timing: null };
    taken.add(best.index);
    return {
      timeMs: hit.timeMs,
      expectedIndex: best.index,
      offsetMs: best.offset,
      timing: timingOf(best.offset, best.window),
    };
  });

  const matched = hits.filter((hit) => hit.expectedIndex !== null);
  // Played at the written level? Only for matched hits that carry a velocity (an e-kit's).
  const withVelocity = hits.flatMap((hit, index) => {
    const velocity = inOrder[index]?.velocity;
    const note = hit.expectedIndex === null ? undefined : expected[hit.expectedIndex];
    return velocity === undefined || !note ? [] : [dynamicOfVelocity(velocity) === writtenDynamic(note)];
  });
  const offsets = matched.map((hit) => hit.offsetMs ?? 0);
  const extra = hits.length - matched.length;
  const mean = offsets.length === 0 ? 0 : offsets.reduce((sum, offset) => sum + offset, 0) / offsets.length;
  const variance =
    offsets.length === 0
      ? 0
      : offsets.reduce((sum, offset) => sum + (offset - mean) ** 2, 0) / offsets.length;
  const credit = matched.reduce((sum, hit) => {
    const note = expected[hit.expectedIndex ?? 0];
    return sum + creditFor(hit.offsetMs ?? 0, timingWindowMs(note?.bpm ?? 120));
  }, 0);
  return {
    expected: expected.length,
    hit: matched.length,
    missed: expected.length - matched.length,
    extra,
    meanOffsetMs: mean,
    spreadMs: Math.sqrt(variance),
    accuracy:
      expected.length === 0
        ? 0
        : Math.round((1000 * Math.max(0, credit - EXTRA_HIT_COST * extra)) / expected.length) / 10,
    dynamics:
      withVelocity.length === 0
        ? null
        : { judged: withVelocity.length, asWritten: withVelocity.filter(Boolean).length },
    hits,
  };
}

/** The evaluation a take suggests: 90 % or more reads as easy, 70 % or more as challenging, else hard. */
export const suggestedRating = (accuracy: number): DifficultyRating =>
  accuracy >= 90 ? 'easy' : accuracy >= 70 ? 'challenging' : 'hard';

/** Median of a calibration's offsets (the setup's latency), ms; 0 without any. */
export const medianOffsetMs = (offsets: readonly number[]): number => {
  if (offsets.length === 0) return 0;
  const sorted = [...offsets].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
