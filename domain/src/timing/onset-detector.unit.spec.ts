import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OnsetDetector, onsetThreshold } from './onset-detector.js';

const RATE = 48_000;
const BLOCK = 128;

/** A deterministic noise source (a practice room's hiss), amplitude `level`. */
const noise = (seed: number, level: number) => {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return (state / 2 ** 32 - 0.5) * 2 * level;
  };
};

/** A pad stroke: a 2 kHz burst that decays over about 60 ms, beginning exactly at `time`. */
function render(seconds: number, strokes: { time: number; peak: number }[], hiss: number, seed = 7) {
  const samples = new Float32Array(Math.round(seconds * RATE));
  const next = noise(seed, hiss);
  for (let i = 0; i < samples.length; i++) samples[i] = next();
  for (const { time, peak } of strokes) {
    const start = Math.round(time * RATE);
    for (let i = 0; start + i < samples.length && i < 0.25 * RATE; i++) {
      const t = i / RATE;
      samples[start + i] =
        (samples[start + i] ?? 0) +
        peak * Math.exp(-t / 0.02) * Math.sin(2 * Math.PI * 2000 * t + Math.PI / 2);
    }
  }
  return samples;
}

function detect(samples: Float32Array, sensitivity = 0.5): number[] {
  const detector = new OnsetDetector({ sampleRate: RATE, sensitivity });
  const onsets: number[] = [];
  for (let start = 0; start < samples.length; start += BLOCK)
    onsets.push(...detector.process(samples.subarray(start, start + BLOCK), start));
  return onsets.map((frame) => detector.secondsAt(frame));
}

describe('the onset detector', () => {
  it('hears each stroke within 5 ms of its start, once, over room noise', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 90, max: 700 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0.2, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 10_000 }),
        (gapsMs, peak, seed) => {
          let time = 0.2;
          const strokes = gapsMs.map((gap) => {
            const stroke = { time, peak };
            time += gap / 1000;
            return stroke;
          });
          const onsets = detect(render(time + 0.3, strokes, 0.01, seed));
          expect(onsets).toHaveLength(strokes.length);
          onsets.forEach((onset, index) => {
            expect(Math.abs(onset - (strokes[index]?.time ?? 0))).toBeLessThan(0.005);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('hears nothing in a quiet room', () => {
    expect(detect(render(3, [], 0.02))).toEqual([]);
  });

  it('a lower sensitivity ignores taps that a higher one hears', () => {
    const samples = render(1, [{ time: 0.3, peak: 0.05 }], 0.002);
    expect(detect(samples, 0.1)).toEqual([]);
    expect(detect(samples, 0.9)).toHaveLength(1);
    expect(onsetThreshold(0)).toBeGreaterThan(onsetThreshold(1));
  });
});
