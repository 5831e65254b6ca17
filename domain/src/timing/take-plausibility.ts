import { takeAccuracy } from './timing-tiers.js';

/**
 * Extra strokes a take may hold per expected note: a drummer filling around a sparse groove, a
 * microphone hearing the room, stay far below; a forged summary does not.
 */
export const MAX_EXTRA_PER_EXPECTED_NOTE = 8;

/** Message when the counts of a take do not add up. */
export const TIMING_COUNTS_MESSAGE = 'hits and missed must add up to expected';

/** The figures of a take summary the judge (`scoreTake`) could have produced, as posted. */
export interface TakeSummary {
  expected: number;
  hits: number;
  missed: number;
  extra: number;
  accuracy: number;
  /** Per voice and position in the beat: the strokes that played notes there. */
  byPosition?: readonly { strokes: number }[];
}

export interface TakeImplausibility {
  field: 'missed' | 'extra' | 'accuracy' | 'byPosition';
  message: string;
}

/**
 * What no take the judge scored could show: every expected note is hit or missed; the accuracy is
 * at most what the notes hit earn at full credit less the extras' cost (`takeAccuracy` with credit =
 * hits); extras at most MAX_EXTRA_PER_EXPECTED_NOTE a note; the per-position strokes add up to the hits.
 */
export const takeImplausibilities = (take: TakeSummary): TakeImplausibility[] => {
  const { expected, hits, missed, extra, accuracy, byPosition } = take;
  const found: TakeImplausibility[] = [];
  if (hits + missed !== expected) found.push({ field: 'missed', message: TIMING_COUNTS_MESSAGE });
  const maxExtra = MAX_EXTRA_PER_EXPECTED_NOTE * expected;
  if (extra > maxExtra)
    found.push({
      field: 'extra',
      message: `must be at most ${maxExtra} (${MAX_EXTRA_PER_EXPECTED_NOTE} per expected note)`,
    });
  const highest = takeAccuracy(Math.min(hits, expected), extra, expected);
  if (accuracy > highest)
    found.push({
      field: 'accuracy',
      message: `must be at most ${highest} with ${hits} of ${expected} notes hit and ${extra} extra strokes`,
    });
  if (byPosition && byPosition.length > 0) {
    const strokes = byPosition.reduce((sum, figures) => sum + figures.strokes, 0);
    if (strokes !== hits)
      found.push({ field: 'byPosition', message: `strokes must add up to hits (${strokes}, not ${hits})` });
  }
  return found;
};

/**
 * A take counts from this many notes judged: a bar of 16ths, two bars of a rock beat's 8ths, four of
 * quarters. Fewer say too little (one miss moves the score by more than 6 points), and a false start
 * of two strokes at 100 % must not outweigh a full take.
 */
export const MIN_FULL_TAKE_NOTES = 16;

/**
 * Whether a take is a full one, the only kind that is recorded, becomes a lesson's best take, the basis
 * of its tempo plan or the rating the card suggests. A shorter one is shown on the card, and said why.
 */
export const isFullTake = (take: { expected: number }): boolean => take.expected >= MIN_FULL_TAKE_NOTES;

/**
 * Whether a take teaches the plans: a full take (`isFullTake`) played with the setup's latency measured.
 * An uncalibrated take is late by whatever the setup adds (often 20-60 ms), so it is recorded and shown
 * in the lesson history but never sets a tempo plan, the suggested rating or a weak spot. A take that
 * does not say (stored before takes said) counts, as it did.
 */
export const takeTeachesPlans = (take: { expected: number; calibrated?: boolean }): boolean =>
  isFullTake(take) && take.calibrated !== false;

/** Why POST /api/lesson/timing refuses a take shorter than a full one (its figures would still reach weak spots). */
export const SHORT_TAKE_MESSAGE = `must be at least ${MIN_FULL_TAKE_NOTES}: a take counts from ${MIN_FULL_TAKE_NOTES} notes judged, a shorter one is shown on the card and not recorded`;

/**
 * Whether the card records a take it scored: a full take (`isFullTake`), and not one with more extra
 * strokes than a drummer plays (a microphone hearing the room, a kit double-triggering). Any other
 * take is shown, not stored, so every take the card posts is one the server accepts.
 */
export const takeIsRecorded = (score: { expected: number; extra: number }): boolean =>
  isFullTake(score) && score.extra <= MAX_EXTRA_PER_EXPECTED_NOTE * score.expected;
