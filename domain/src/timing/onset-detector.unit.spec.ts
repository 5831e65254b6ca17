import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OnsetDetector, onsetThreshold } from './onset-detector.js';
import {
  hearingScenarios,
  renderDrumAudio,
  renderScenario,
  scoreOnsets,
  strokeTrain,
  type Drum,
  type HearingScenario,
  type Stroke,
} from './testing/drum-audio.js';

const RATE = 48_000;
const BLOCK = 128;

/** The onsets (s) the detector hears in `samples`, fed as the AudioWorklet feeds it: 128-frame blocks. */
function detect(samples: Float32Array, sensitivity = 0.5, rate = RATE): number[] {
  const detector = new OnsetDetector({ sampleRate: rate, sensitivity });
  const onsets: number[] = [];
  for (let start = 0; start < samples.length; start += BLOCK)
    onsets.push(...detector.process(samples.subarray(start, start + BLOCK), start));
  return onsets.map((frame) => detector.secondsAt(frame));
}

/** How the detector hears a list of strokes: each heard once, within `withinMs` of its start. */
function expectHeardOnce(strokes: readonly Stroke[], onsets: readonly number[], withinMs = 2) {
  const score = scoreOnsets(
    strokes.map((stroke) => stroke.time),
    onsets,
  );
  expect({ heard: score.heard, doubles: score.doubles, falseTriggers: score.falseTriggers }).toEqual({
    heard: strokes.length,
    doubles: 0,
    falseTriggers: 0,
  });
  expect(onsets).toHaveLength(strokes.length);
  expect(Math.max(0, ...score.errorsMs)).toBeLessThan(withinMs);
}

const scenarioNamed = (fragment: string): HearingScenario => {
  const found = hearingScenarios().find((scenario) => scenario.name.includes(fragment));
  if (!found) throw new Error(`no hearing scenario ${fragment}`);
  return found;
};

describe('the onset detector', () => {
  describe.each([44_100, 48_000])('at %i Hz, hears every stroke once within 2 ms of its start', (rate) => {
    it.each(hearingScenarios().map((scenario) => [scenario.name, scenario] as const))('%s', (_, scenario) => {
      expectHeardOnce(scenario.strokes, detect(renderScenario(scenario, rate), scenario.sensitivity, rate));
    });
  });

  it('hears a fast passage on a ringing snare stroke by stroke: 16ths at 160 bpm, 32nds at 120 bpm, a roll', () => {
    for (const name of ['16ths at 160 bpm', '32nds at 120 bpm', 'double-stroke roll']) {
      const scenario = scenarioNamed(name);
      expect(detect(renderScenario(scenario, RATE), scenario.sensitivity)).toHaveLength(
        scenario.strokes.length,
      );
    }
  });

  it('hears a tom whose two modes beat once per stroke', () => {
    const strokes = strokeTrain('tom', 6, 0.9, () => 0.8);
    expectHeardOnce(strokes, detect(renderDrumAudio(RATE, 6.5, strokes)));
  });

  it('does not lock up under loud room noise: -33 dBFS at sensitivity 0.5, -40 dBFS at 0.8', () => {
    for (const [noiseDbfs, sensitivity] of [
      [-33, 0.5],
      [-40, 0.8],
    ] as const) {
      const strokes = strokeTrain('snare', 10, 0.5, () => 0.5, 0.05);
      // The first stroke comes before the room is learnt (50 ms in): it may be missed, never the rest.
      const onsets = detect(renderDrumAudio(RATE, 6, strokes, { noiseDbfs, seed: 3 }), sensitivity);
      expectHeardOnce(
        strokes.slice(1),
        onsets.filter((onset) => onset > 0.1),
      );
    }
  });

  it('hears nothing in a room with hiss and hum', () => {
    expect(detect(renderDrumAudio(RATE, 5, [], { noiseDbfs: -30, humDbfs: -20 }), 1)).toEqual([]);
  });

  it('hears a stroke in the block where it begins or the next, at its absolute frame', () => {
    const strokes: Stroke[] = [{ drum: 'pad', time: 1000.5 / RATE + 0.5, peak: 0.5 }];
    const samples = renderDrumAudio(RATE, 1, strokes, { noiseDbfs: -60 });
    const detector = new OnsetDetector({ sampleRate: RATE });
    const offset = 1_000_000;
    const heard: { frame: number; block: number }[] = [];
    for (let start = 0; start < samples.length; start += BLOCK)
      for (const frame of detector.process(samples.subarray(start, start + BLOCK), offset + start))
        heard.push({ frame, block: start });
    const strokeFrame = Math.round((strokes[0]?.time ?? 0) * RATE) + offset;
    expect(heard).toHaveLength(1);
    expect(Math.abs((heard[0]?.frame ?? 0) - strokeFrame)).toBeLessThanOrEqual(48);
    expect((heard[0]?.block ?? 0) + offset - strokeFrame).toBeLessThan(2 * BLOCK);
  });

  it('hears any train of strokes on one drum, gaps of 60 ms or more, over moderate noise once per stroke, within 5 ms', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Drum>('kick', 'snare', 'pad', 'tom'),
        fc.array(fc.integer({ min: 60, max: 700 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0.2, max: 0.9, noNaN: true }),
        fc.integer({ min: -70, max: -45 }),
        fc.integer({ min: 1, max: 10_000 }),
        (drum, gapsMs, peak, noiseDbfs, seed) => {
          let time = 0.3;
          const strokes = gapsMs.map((gapMs) => {
            const stroke = { drum, time, peak };
            time += gapMs / 1000;
            return stroke;
          });
          expectHeardOnce(
            strokes,
            detect(renderDrumAudio(RATE, time + 0.5, strokes, { noiseDbfs, seed })),
            5,
          );
        },
      ),
      { numRuns: 60 },
    );
    // Sixty trains of audio take a few seconds; more on a busy machine.
  }, 60_000);

  it('takes no peak of the room noise for a stroke while a low drum still rings', () => {
    // Trains the property above once found a false trigger in: the ring of a kick or a tom keeps the
    // signal above the threshold while a frame of -45 to -49 dBFS noise spikes.
    const trains: [Drum, number[], number, number, number][] = [
      ['kick', [497, 124, 571, 252, 185, 611, 60], 0.7, -45, 14],
      ['kick', [528, 353, 405, 606, 199, 268, 416, 661, 287, 646], 0.79, -46, 14],
      ['kick', [648, 594, 112, 420, 75, 414, 98, 626, 232, 172], 0.29, -49, 9007],
      ['tom', [204, 448, 282, 363, 183, 322, 336, 643, 584, 455], 0.6, -48, 8961],
      ['kick', [453, 87, 72, 87, 396], 0.22, -49, 7347],
    ];
    for (const [drum, gapsMs, peak, noiseDbfs, seed] of trains) {
      let time = 0.3;
      const strokes = gapsMs.map((gapMs) => {
        const stroke = { drum, time, peak };
        time += gapMs / 1000;
        return stroke;
      });
      expectHeardOnce(strokes, detect(renderDrumAudio(RATE, time + 0.5, strokes, { noiseDbfs, seed })), 5);
    }
  });

  it('a lower sensitivity ignores taps that a higher one hears', () => {
    const samples = renderDrumAudio(RATE, 1, [{ drum: 'pad', time: 0.4, peak: 0.05 }], { noiseDbfs: -60 });
    expect(detect(samples, 0.1)).toEqual([]);
    expect(detect(samples, 0.9)).toHaveLength(1);
    expect(onsetThreshold(0)).toBeGreaterThan(onsetThreshold(1));
  });

  it('changes its sensitivity while it listens', () => {
    const samples = renderDrumAudio(RATE, 1, [{ drum: 'pad', time: 0.4, peak: 0.05 }], { noiseDbfs: -60 });
    const detector = new OnsetDetector({ sampleRate: RATE, sensitivity: 0.1 });
    detector.setSensitivity(0.9);
    const heard: number[] = [];
    for (let start = 0; start < samples.length; start += BLOCK)
      heard.push(...detector.process(samples.subarray(start, start + BLOCK), start));
    expect(heard).toHaveLength(1);
  });
});
