/**
 * How far off a stroke is, as a drummer hears it: in milliseconds, the same at every tempo. A listener
 * hears about 10 ms of flam between two strokes and clearly hears 25 ms; a stroke 30 ms late is as late at
 * 60 bpm as at 200. So the tiers, the credit and the words below never look at the tempo.
 */

export type HitTiming = 'early' | 'on' | 'late';
/** On time (within ±10 ms), close (within ±25 ms), or off (further, still playing its note). */
export type HitTier = 'on' | 'close' | 'off';

/** Within this many ms a stroke is on time and earns full credit. */
export const ON_TIME_MS = 10;
/** Within this many ms a stroke is close: credit falls gently to 0.85. */
export const CLOSE_MS = 25;
/** Credit keeps falling to one half at this distance, and stays there. */
export const HALF_CREDIT_MS = 75;
/**
 * The furthest a stroke may lie from a note and still play it; nearer neighbours of the same drum shorten
 * it to half the gap between them (a stroke is judged against the note it is nearest).
 */
export const MAX_REACH_MS = 125;

const CLOSE_CREDIT = 0.85;

export const tierOf = (offsetMs: number): HitTier => {
  const distance = Math.abs(offsetMs);
  return distance <= ON_TIME_MS ? 'on' : distance <= CLOSE_MS ? 'close' : 'off';
};

export const timingOf = (offsetMs: number): HitTiming =>
  Math.abs(offsetMs) <= ON_TIME_MS ? 'on' : offsetMs < 0 ? 'early' : 'late';

/**
 * Credit for a note played `offsetMs` off: 1 when on time, falling linearly to 0.85 at the edge of close and
 * to one half at 75 ms, then one half while the stroke still reaches its note. Never rises with |offset|,
 * and never falls below one half: an extra stroke costs one half, so a stray stroke can never raise a
 * score by taking a note from a worse one.
 */
export const creditFor = (offsetMs: number): number => {
  const distance = Math.abs(offsetMs);
  if (distance <= ON_TIME_MS) return 1;
  if (distance <= CLOSE_MS)
    return 1 - ((1 - CLOSE_CREDIT) * (distance - ON_TIME_MS)) / (CLOSE_MS - ON_TIME_MS);
  if (distance <= HALF_CREDIT_MS)
    return CLOSE_CREDIT - ((CLOSE_CREDIT - 0.5) * (distance - CLOSE_MS)) / (HALF_CREDIT_MS - CLOSE_MS);
  return 0.5;
};

/** What an extra stroke takes back: at least what a stray stroke could win by displacing a note's stroke. */
export const EXTRA_STROKE_COST = 0.5;

/**
 * A take's accuracy, 0-100 in tenths: the credit its notes' strokes earned (at most 1 a note), less
 * half a note for each extra stroke, over the notes expected. Rounded to a millionth of a percent
 * first, so the noise of adding up times (a credit of 77 that comes out as 76.999999999999) never
 * tips a take across a tenth: the same offsets score the same at any tempo.
 */
export const takeAccuracy = (credit: number, extra: number, expected: number): number => {
  if (expected === 0) return 0;
  const percent = (100 * Math.max(0, credit - EXTRA_STROKE_COST * extra)) / expected;
  return Math.round(Math.round(percent * 1e6) / 1e5) / 10;
};

/** Where a drummer sits on the beat: "15 ms late", "8 ms early" or "on the beat". */
export const timingOffsetLabel = (meanOffsetMs: number): string => {
  const ms = Math.round(meanOffsetMs);
  return ms === 0 ? 'on the beat' : `${Math.abs(ms)} ms ${ms < 0 ? 'early' : 'late'}`;
};

/**
 * A take's accuracy as every screen shows it: whole percent ("89 %"). The take keeps its tenth (88.5) so
 * averages stay exact; the coach, the lesson history and the CLI all round it here.
 */
export const accuracyLabel = (accuracy: number): string => `${Math.round(accuracy)} %`;
