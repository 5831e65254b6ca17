import { median } from './score-take.js';

/**
 * Calibration: the drummer plays one stroke with each of 16 clicks, and the median delay from click to
 * stroke is what their setup adds (output to the speakers, the input's own delay), taken off every stroke
 * after. A setup only ever adds delay, and a wired one adds little, so a figure no setup can show is
 * refused with the reason, never stored.
 */

/** Clicks the drummer plays along with to measure their setup's latency. */
export const CALIBRATION_CLICKS = 16;
export const CALIBRATION_BPM = 90;
/**
 * The most a wired setup adds: a browser's audio output (10-60 ms, more on some laptops) and a USB kit or
 * microphone (under 10 ms). Bluetooth headphones and speakers add 150-300 ms and more.
 */
export const MAX_SETUP_LATENCY_MS = 120;
/** A median this little early is the drummer anticipating the click (the on-time tier): read as no delay. */
export const EARLY_TOLERANCE_MS = 10;
/** The middle half of the strokes must lie within this span, or the median is not a delay but a guess. */
export const MAX_CALIBRATION_SPREAD_MS = 50;

/**
 * The offset of each stroke from the click it answers, ms: the click it follows by less than two thirds of
 * a beat or precedes by less than a third (a setup only adds delay, so a stroke 340 ms after a click at
 * 90 bpm answers that click, not the next one). A click with no answer, or a second stroke on one click,
 * is left out.
 */
export const calibrationOffsets = (
  clickTimes: readonly number[],
  hitTimes: readonly number[],
  bpm: number,
): number[] => {
  const beat = 60 / bpm;
  const answered = new Set<number>();
  const offsets: number[] = [];
  for (const hit of [...hitTimes].sort((a, b) => a - b)) {
    const index = clickTimes.findIndex((click) => hit - click >= -beat / 3 && hit - click < (2 * beat) / 3);
    if (index < 0 || answered.has(index)) continue;
    answered.add(index);
    offsets.push((hit - clickTimes[index]!) * 1000);
  }
  return offsets;
};

/** Why a calibration was refused, with the figures that say so. */
export type CalibrationRefusal =
  | { reason: 'too-few'; answered: number }
  | { reason: 'uneven'; fromMs: number; toMs: number }
  | { reason: 'early'; medianMs: number }
  | { reason: 'too-late'; medianMs: number };

export type CalibrationResult = { latencyMs: number } | { refused: CalibrationRefusal };

/**
 * The setup's latency from the calibration's offsets, or why it is refused: fewer than half the clicks
 * answered; the middle half of the strokes spread wider than 50 ms (8 strokes at +20 and 8 at +280 have
 * a median of 150 ms that no stroke had); strokes early on the whole (no setup takes time away); or later
 * than a wired setup can make them.
 */
export const calibrationResult = (offsets: readonly number[]): CalibrationResult => {
  if (offsets.length < CALIBRATION_CLICKS / 2)
    return { refused: { reason: 'too-few', answered: offsets.length } };
  const sorted = [...offsets].sort((a, b) => a - b);
  const fromMs = Math.round(sorted[Math.floor(sorted.length / 4)]!);
  const toMs = Math.round(sorted[Math.ceil((3 * sorted.length) / 4) - 1]!);
  if (toMs - fromMs > MAX_CALIBRATION_SPREAD_MS) return { refused: { reason: 'uneven', fromMs, toMs } };
  const medianMs = Math.round(median(offsets));
  if (medianMs < -EARLY_TOLERANCE_MS) return { refused: { reason: 'early', medianMs } };
  if (medianMs > MAX_SETUP_LATENCY_MS) return { refused: { reason: 'too-late', medianMs } };
  return { latencyMs: Math.max(0, medianMs) };
};

/** Whether a stored latency is one calibration could give (one stored before the checks may not be). */
export const isPlausibleLatency = (latencyMs: number): boolean =>
  Number.isFinite(latencyMs) && latencyMs >= 0 && latencyMs <= MAX_SETUP_LATENCY_MS;

const signed = (ms: number): string => (ms > 0 ? `+${ms}` : ms < 0 ? `−${-ms}` : '0');

/** What the card says when it refuses a calibration: why, and what to do. */
export const calibrationRefusalText = (refusal: CalibrationRefusal): string => {
  switch (refusal.reason) {
    case 'too-few':
      return 'Too few strokes were heard to calibrate. Try again and play with every click.';
    case 'uneven':
      return `Your strokes were too uneven to measure a delay: the middle half of them lay from ${signed(refusal.fromMs)} to ${signed(refusal.toMs)} ms after the clicks (at most ${MAX_CALIBRATION_SPREAD_MS} ms apart). Try again and play one steady stroke with each click.`;
    case 'early':
      return `Your strokes came ${-refusal.medianMs} ms before the clicks: no setup makes a stroke arrive early, so you were playing ahead of them. Try again and play with each click, not before it.`;
    case 'too-late':
      return `Your strokes arrived ${refusal.medianMs} ms after the clicks, more than a wired setup adds (at most ${MAX_SETUP_LATENCY_MS} ms). Bluetooth headphones or speakers are the usual cause: use wired ones (or the computer's own speakers) and calibrate again.`;
  }
};

/** "Your setup adds 23 ms" (a stroke arrives that much after it was played). */
export const latencyText = (latencyMs: number): string =>
  latencyMs === 0 ? 'Your setup adds no delay we can measure' : `Your setup adds ${latencyMs} ms`;
