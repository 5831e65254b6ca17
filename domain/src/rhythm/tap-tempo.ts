import { clampTempo } from './tempo-range.js';

/** Taps further apart than this start a new count (the drummer stopped tapping). */
export const TAP_RESET_MS = 2000;
/** The tempo is the average of the intervals between the last this-many taps. */
export const TAPS_AVERAGED = 5;

/**
 * The taps to keep after a tap at `at` (milliseconds, any monotonic clock): the last few, or only this
 * one when the previous tap is too long ago (or later: a clock that went backwards).
 */
export const addTap = (taps: readonly number[], at: number): number[] => {
  const last = taps.at(-1);
  if (last === undefined || at - last > TAP_RESET_MS || at <= last) return [at];
  return [...taps, at].slice(-TAPS_AVERAGED);
};

/** The tapped tempo: 60 000 / the average interval, clamped to 30-250 bpm; null before the second tap. */
export const tappedTempo = (taps: readonly number[]): number | null => {
  const first = taps[0];
  const last = taps.at(-1);
  if (taps.length < 2 || first === undefined || last === undefined) return null;
  const averageMs = (last - first) / (taps.length - 1);
  return clampTempo(60_000 / averageMs);
};
