import { describe, expect, it } from 'vitest';
import { OnsetDetector, softestStrokeDb } from './onset-detector.js';
import {
  sensitivityForSoftStrokes,
  SOFT_STROKE_TUNING_STROKES,
  softStrokeTuningText,
} from './soft-strokes.js';
import { renderDrumAudio, scoreOnsets, strokeTrain } from './testing/drum-audio.js';

const RATE = 48_000;

/** The strokes a detector at `sensitivity` hears in `samples` (fed in 128-frame blocks): times, s, and levels, dB. */
function hear(samples: Float32Array, sensitivity: number) {
  const detector = new OnsetDetector({ sampleRate: RATE, sensitivity });
  const heard: { time: number; levelDb: number }[] = [];
  for (let start = 0; start < samples.length; start += 128)
    for (const frame of detector.process(samples.subarray(start, start + 128), start))
      heard.push({ time: detector.secondsAt(frame), levelDb: detector.lastStrokeLevelDb });
  return { heard, loudestDb: detector.loudestStrokeDb };
}

describe('the sensitivity set from strokes played softly', () => {
  it('reaches the softest of the soft strokes with a margin, rounded up to the slider step', () => {
    // Soft strokes 29-32 dB under the accent's attack: 32 + 6 dB margin = 38 dB, sensitivity (38 - 20) / 40 = 0.45.
    const tuning = sensitivityForSoftStrokes([-30, -10, -31, -32, -29, -30], 0);
    expect(tuning).toEqual({ sensitivity: 0.45, softBelowAccentDb: 32, reached: true });
    if ('refused' in tuning) throw new Error('refused');
    expect(softestStrokeDb(tuning.sensitivity)).toBeGreaterThanOrEqual(32 + 6);
    expect(softStrokeTuningText(tuning)).toBe(
      'Your soft strokes were 32 dB under your accent: the sensitivity is now 45 %, so they count.',
    );
    // No softer than the accent's attack begins: the lowest sensitivity already hears them.
    expect(sensitivityForSoftStrokes([-10, -8, -9, -12], 0)).toMatchObject({ sensitivity: 0 });
    // Softer than 60 dB under it: the highest sensitivity, and the card says it may not be enough.
    const tooSoft = sensitivityForSoftStrokes([-10, -62, -63, -64], 0);
    expect(tooSoft).toMatchObject({ sensitivity: 1, reached: false });
    expect(softStrokeTuningText(tooSoft)).toContain('the sensitivity is now at its highest');
  });

  it('refuses too few strokes', () => {
    expect(sensitivityForSoftStrokes([-10, -30, -30], 0)).toEqual({ refused: 'too-few' });
    expect(softStrokeTuningText({ refused: 'too-few' })).toBe(
      'Too few strokes were heard. Try again: one accent, then soft strokes.',
    );
  });

  it('makes ghost notes the default misses count: one accent and five ghost notes 46 dB under it', () => {
    const ghost = 0.8 * 10 ** (-46 / 20);
    const tuningStrokes = strokeTrain('pad', SOFT_STROKE_TUNING_STROKES, 0.3, (i) => (i === 0 ? 0.8 : ghost));
    const tuningHeard = hear(renderDrumAudio(RATE, 2.5, tuningStrokes, { noiseDbfs: -80, seed: 4 }), 1);
    expect(tuningHeard.heard).toHaveLength(SOFT_STROKE_TUNING_STROKES);
    const tuning = sensitivityForSoftStrokes(
      tuningHeard.heard.map((stroke) => stroke.levelDb),
      tuningHeard.loudestDb,
    );
    if ('refused' in tuning) throw new Error(`refused: ${tuning.refused}`);
    expect(tuning.softBelowAccentDb).toBeGreaterThanOrEqual(42);
    expect(tuning.softBelowAccentDb).toBeLessThanOrEqual(50);

    // A groove of an accent on every beat and ghost notes on the 8ths between.
    const groove = strokeTrain('pad', 16, 0.25, (i) => (i % 2 === 0 ? 0.8 : ghost));
    const samples = renderDrumAudio(RATE, 4.5, groove, { noiseDbfs: -80, seed: 5 });
    const heardAt = (sensitivity: number) =>
      scoreOnsets(
        groove.map((stroke) => stroke.time),
        hear(samples, sensitivity).heard.map((stroke) => stroke.time),
      );
    expect(heardAt(0.5)).toMatchObject({ heard: 8, falseTriggers: 0 });
    expect(heardAt(tuning.sensitivity)).toMatchObject({ heard: 16, doubles: 0, falseTriggers: 0 });
  });
});
