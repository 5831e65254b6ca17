import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_BPM,
  calibrationOffsets,
  calibrationRefusalText,
  calibrationResult,
  isPlausibleLatency,
  latencyText,
} from './calibration.js';

/** The 16 clicks at 90 bpm from 1 s, and a stroke after each, seconds. */
const clicks = Array.from({ length: 16 }, (_, index) => 1 + (index * 60) / CALIBRATION_BPM);
const calibrate = (strokeOffsetsMs: readonly number[]) =>
  calibrationResult(
    calibrationOffsets(
      clicks,
      clicks.map((click, index) => click + (strokeOffsetsMs[index % strokeOffsetsMs.length] ?? 0) / 1000),
      CALIBRATION_BPM,
    ),
  );

describe('calibration', () => {
  it('is the median delay of the strokes answering the clicks, one stray stroke or not', () => {
    expect(calibrate([23, 23, 23, 200, 23, 23, 23, 23])).toEqual({ latencyMs: 23 });
    expect(calibrate([18, 25, 21, 30, 24])).toEqual({ latencyMs: 24 });
    expect(latencyText(23)).toBe('Your setup adds 23 ms');
  });

  it('reads strokes a few ms ahead of the clicks (the drummer anticipating) as no delay', () => {
    expect(calibrate([-4, -6, -2, -5])).toEqual({ latencyMs: 0 });
    expect(latencyText(0)).toBe('Your setup adds no delay we can measure');
  });

  it('refuses too few strokes', () => {
    const result = calibrationResult(calibrationOffsets(clicks, clicks.slice(0, 7), CALIBRATION_BPM));
    expect(result).toEqual({ refused: { reason: 'too-few', answered: 7 } });
    if (!('refused' in result)) throw new Error('refused');
    expect(calibrationRefusalText(result.refused)).toBe(
      'Too few strokes were heard to calibrate. Try again and play with every click.',
    );
  });

  // The cases: each was accepted as what "your setup adds" (or "takes away").
  it.each([150, 267, 320])('refuses strokes all +%i ms late, naming Bluetooth', (late) => {
    const result = calibrate([late]);
    expect(result).toEqual({ refused: { reason: 'too-late', medianMs: late } });
    if (!('refused' in result)) throw new Error('refused');
    expect(calibrationRefusalText(result.refused)).toBe(
      `Your strokes arrived ${late} ms after the clicks, more than a wired setup adds (at most 120 ms). Bluetooth headphones or speakers are the usual cause: use wired ones (or the computer's own speakers) and calibrate again.`,
    );
  });

  it('reads strokes +340 ms late as late, not as early for the next click (it read "takes away 327 ms")', () => {
    expect(calibrationOffsets(clicks, [clicks[0]! + 0.34], CALIBRATION_BPM)).toEqual([
      expect.closeTo(340, 6),
    ]);
    expect(calibrate([340])).toEqual({ refused: { reason: 'too-late', medianMs: 340 } });
  });

  it('refuses strokes −120 ms early: no setup takes time away (it read "takes away 120 ms")', () => {
    const result = calibrate([-120]);
    expect(result).toEqual({ refused: { reason: 'early', medianMs: -120 } });
    if (!('refused' in result)) throw new Error('refused');
    expect(calibrationRefusalText(result.refused)).toBe(
      'Your strokes came 120 ms before the clicks: no setup makes a stroke arrive early, so you were playing ahead of them. Try again and play with each click, not before it.',
    );
    expect(calibrate([-11])).toEqual({ refused: { reason: 'early', medianMs: -11 } });
  });

  it('refuses strokes too uneven to give one delay: 8 at +20 and 8 at +280 (it read 150 ms, a delay no stroke had)', () => {
    const result = calibrate([20, 280]);
    expect(result).toEqual({ refused: { reason: 'uneven', fromMs: 20, toMs: 280 } });
    if (!('refused' in result)) throw new Error('refused');
    expect(calibrationRefusalText(result.refused)).toBe(
      'Your strokes were too uneven to measure a delay: the middle half of them lay from +20 to +280 ms after the clicks (at most 50 ms apart). Try again and play one steady stroke with each click.',
    );
    // A drummer's ordinary unevenness (here ±20 ms around 30) is measured.
    expect(calibrate([10, 50, 30, 20, 40, 30])).toEqual({ latencyMs: 30 });
  });

  it('accepts up to 120 ms and nothing negative as a stored latency', () => {
    expect([0, 23, 120].map(isPlausibleLatency)).toEqual([true, true, true]);
    expect([-120, -1, 121, 327, Number.NaN].map(isPlausibleLatency)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
