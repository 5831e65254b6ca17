import { softestStrokeDb } from './onset-detector.js';

/** Strokes the drummer plays to set the sensitivity: one accent, then soft strokes (ghost notes). */
export const SOFT_STROKE_TUNING_STROKES = 6;
/** At least this many soft strokes are needed to trust their level. */
const SOFT_STROKES_NEEDED = 3;
/** Soft strokes played in a groove vary: they count down to this far under the softest one heard. */
const SOFT_MARGIN_DB = 6;
/** The sensitivity slider's step. */
const SENSITIVITY_STEP = 0.05;

export type SoftStrokeTuning =
  /** `reached`: false when even the highest sensitivity stops short of the softest stroke's level. */
  { sensitivity: number; softBelowAccentDb: number; reached: boolean } | { refused: 'too-few' | 'not-soft' };

/**
 * The sensitivity at which strokes played softly still count. `levelsDb`: each stroke's level as the
 * onset detector's sensitivity judges it (`lastStrokeLevelDb`: its attack's first window, which varies
 * by 10 dB and more from one stroke to the next), the accent's the highest, the others the soft strokes;
 * `loudestDb`: the accent's whole attack (`loudestStrokeDb`), the reference the detector judges a stroke
 * against. How far the softest stroke lies under it, plus a margin, is how far under the loudest strokes
 * a stroke must still count (`softestStrokeDb`); rounded up to the slider's step, so they count. Strokes
 * played no softer than the accent set a low sensitivity: strokes that soft, and louder, count.
 */
export function sensitivityForSoftStrokes(levelsDb: readonly number[], loudestDb: number): SoftStrokeTuning {
  if (levelsDb.length < SOFT_STROKES_NEEDED + 1) return { refused: 'too-few' };
  const softBelowAccentDb = Math.max(loudestDb, ...levelsDb) - Math.min(...levelsDb);
  const wanted = softBelowAccentDb + SOFT_MARGIN_DB;
  // softestStrokeDb is linear in the sensitivity: find the one that reaches `wanted`.
  const perUnit = softestStrokeDb(1) - softestStrokeDb(0);
  const exact = (wanted - softestStrokeDb(0)) / perUnit;
  const stepped = Math.ceil(exact / SENSITIVITY_STEP - 1e-9) * SENSITIVITY_STEP;
  return {
    sensitivity: Math.round(Math.min(1, Math.max(0, stepped)) * 100) / 100,
    softBelowAccentDb: Math.round(softBelowAccentDb),
    reached: softBelowAccentDb <= softestStrokeDb(1),
  };
}

/** What the card says after the soft strokes were heard. */
export const softStrokeTuningText = (tuning: SoftStrokeTuning): string => {
  if ('refused' in tuning) return 'Too few strokes were heard. Try again: one accent, then soft strokes.';
  const under = `Your soft strokes were ${tuning.softBelowAccentDb} dB under your accent`;
  return tuning.reached
    ? `${under}: the sensitivity is now ${Math.round(tuning.sensitivity * 100)} %, so they count.`
    : `${under}, softer than the microphone can tell from its hiss: the sensitivity is now at its highest. Play them a little louder or bring the microphone closer.`;
};
