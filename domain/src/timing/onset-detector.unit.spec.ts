import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { OnsetDetector, softestStrokeDb } from './onset-detector.js';
import {
  hearingScenarios,
  renderDrumAudio,
  renderScenario,
  scoreOnsets,
  strokeTrain,
  uniformNoise,
  whiteNoise,
  type Drum,
  type HearingScenario,
  type Stroke,
} from './testing/drum-audio.js';

const RATE = 48_000;
const BLOCK = 128;

/** The onsets the detector hears in `samples`, fed as the AudioWorklet feeds it (128-frame blocks): when
 * each began (s), and how long after it the block that reported it ended (ms). */
function hearInBlocks(samples: Float32Array, sensitivity = 0.5, rate = RATE) {
  const detector = new OnsetDetector({ sampleRate: rate, sensitivity });
  const heard: { at: number; reportedAfterMs: number }[] = [];
  for (let start = 0; start < samples.length; start += BLOCK)
    for (const frame of detector.process(samples.subarray(start, start + BLOCK), start))
      heard.push({ at: detector.secondsAt(frame), reportedAfterMs: ((start + BLOCK - frame) / rate) * 1000 });
  return heard;
}

/** The onsets (s) the detector hears in `samples`, fed as the AudioWorklet feeds it: 128-frame blocks. */
function detect(samples: Float32Array, sensitivity = 0.5, rate = RATE): number[] {
  return hearInBlocks(samples, sensitivity, rate).map(({ at }) => at);
}

/** A train on one drum as the property below draws it: the first stroke at 0.3 s, each next one a gap (ms)
 * after the one before; `end` is where the last gap ends (s). */
function trainOfGaps(drum: Drum, gapsMs: readonly number[], peak: number) {
  let time = 0.3;
  const strokes = gapsMs.map((gapMs): Stroke => {
    const stroke: Stroke = { drum, time, peak };
    time += gapMs / 1000;
    return stroke;
  });
  return { strokes, end: time };
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

/** A recorded fixture of testing/recorded/: its 16-bit mono PCM WAV and the note-ons it was rendered from. */
function readRecording(name: string) {
  const at = (file: string) => new URL(`./testing/recorded/${file}`, import.meta.url);
  const wav = readFileSync(at(`${name}.wav`));
  const sampleRate = wav.readUInt32LE(24);
  const data = wav.indexOf('data', 12);
  const pcm = wav.subarray(data + 8, data + 8 + wav.readUInt32LE(data + 4));
  const samples = Float32Array.from({ length: pcm.length / 2 }, (_, i) => pcm.readInt16LE(2 * i) / 32_768);
  const notes = JSON.parse(readFileSync(at(`${name}.notes.json`), 'utf8')) as {
    time: number;
    note: number;
    velocity: number;
  }[];
  return { sampleRate, samples, notes };
}

/** How the detector hears a fixture of testing/recorded/ at a gain: recall and precision at ±30 ms. */
const hearRecording = (recorded: ReturnType<typeof readRecording>, gainDb = 0) => {
  // The note-ons, those closer than 25 ms one onset (a flam, a kick under a hi-hat).
  const truths = recorded.notes.reduce<number[]>(
    (onsets, note) => (note.time - (onsets.at(-1) ?? -1) < 0.025 ? onsets : [...onsets, note.time]),
    [],
  );
  const onsets = detect(
    recorded.samples.map((sample) => sample * 10 ** (gainDb / 20)),
    0.5,
    recorded.sampleRate,
  );
  const score = scoreOnsets(truths, onsets, 0.03);
  return {
    truths,
    heard: score.heard,
    recall: score.heard / truths.length,
    precision: score.heard / onsets.length,
    onsets,
  };
};
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
    // Three passages of audio: a few seconds on a busy machine.
  }, 30_000);

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
          const { strokes, end } = trainOfGaps(drum, gapsMs, peak);
          // From the first stroke's reach on, as the coach judges a take (scoreTake): before it the
          // detector does not yet know how loud this drummer plays, and one or two noises in a thousand
          // at -45 dBFS (seeds 1,375 and 4,078 among them) rise once right after it arms, at 85 ms.
          const heard = detect(renderDrumAudio(RATE, end + 0.5, strokes, { noiseDbfs, seed }));
          expectHeardOnce(
            strokes,
            heard.filter((onset) => onset > strokes[0]!.time - 0.03),
            5,
          );
        },
      ),
      // A free seed each run. The one train 1,500 free runs once found heard with a false stroke (kicks
      // at 0.9 over -70 dBFS noise, seed 3) was the generator's fault, tested below: a kick's voice cut
      // off at 0.9 s while it still rang at -46 dBFS, a real click.
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
      const { strokes, end } = trainOfGaps(drum, gapsMs, peak);
      expectHeardOnce(strokes, detect(renderDrumAudio(RATE, end + 0.5, strokes, { noiseDbfs, seed })), 5);
    }
  }, 30_000);

  it('takes no flicker or burst of a microphone’s hiss for a stroke after a pause, and still hears a soft hi-hat there', () => {
    // White noise at -45 dBFS after strokes only 31 dB over it (peak 0.2): now and then a few bands rise
    // together by chance. Trains whose hiss was heard as a stroke 0.4-0.9 s after the last one; the first
    // two are draws of the property above that failed (noise seeds 3,424 and 1,131). 6,000 such trains:
    // 23 strokes heard in the hiss, 6 with FLICKER, 1 with LINGER too (0.115 s after a stroke). The
    // first seven flicker (their bands fall back within 4 ms); the last five burst for a few ms more
    // (LINGER: their rise does not last 16 ms), the last two 0.15-0.16 s after a stroke.
    // Each: the drum, its strokes (s), the audio's length (s) and the noise's seed.
    const trains: [Drum, number[], number, number][] = [
      ['kick', [0.3, 0.624], 1.218, 3424],
      ['kick', [0.3, 0.367, 1.061, 1.137], 1.697, 1131],
      ['kick', [0.3, 0.624, 0.718], 1.6, 341],
      ['kick', [0.3, 0.624, 0.718], 1.6, 1131],
      ['snare', [0.3, 0.624, 0.718], 1.6, 341],
      ['pad', [0.3, 0.624, 0.718], 1.6, 1177],
      ['tom', [0.3, 0.624, 0.718], 1.6, 1131],
      ['pad', [0.3, 0.624, 0.718], 1.6, 67],
      ['pad', [0.3, 0.624, 0.718], 1.6, 400],
      ['pad', [0.3, 0.624, 0.718], 1.6, 578],
      ['pad', [0.3, 0.624, 0.718], 1.6, 692],
      ['pad', [0.3, 0.624, 0.718], 1.6, 816],
    ];
    for (const [drum, times, seconds, seed] of trains) {
      const strokes = times.map((time) => ({ drum, time, peak: 0.2 }));
      const heard = detect(renderDrumAudio(RATE, seconds, strokes, { noiseDbfs: -45, seed }));
      expectHeardOnce(
        strokes,
        heard.filter((onset) => onset > 0.27),
        5,
      );
    }
    // A hi-hat 23 dB under the stroke before it, 1.2 s on, over the same hiss: its sound lasts, so it
    // counts (all twelve; 9 if a weak rise after a pause never counted).
    for (let seed = 1; seed <= 12; seed++) {
      const strokes: Stroke[] = [
        { drum: 'hihat', time: 0.3, peak: 0.3 },
        { drum: 'hihat', time: 1.5, peak: 0.022 },
      ];
      const heard = detect(renderDrumAudio(RATE, 2.2, strokes, { noiseDbfs: -45, seed }));
      expectHeardOnce(
        strokes,
        heard.filter((onset) => onset > 0.27),
        5,
      );
    }
  }, 30_000);

  it('reports a soft stroke out of a pause once it has lingered, at the sample it began; a clear one at once', () => {
    // Over the same hiss: a hi-hat 23 dB under the stroke 1.2 s before it waits LINGER's 16 ms (reported
    // about 21 ms after it began); a tom struck 0.32 s after another, over its ring, rises by more than
    // 2 bits in a band and is reported at once, though its click does not linger (LINGER asked of it,
    // these two trains' second toms were missed); and a tom as loud as the strokes before it, struck
    // over their ring 0.33 s on (over -49 dBFS), rises by only 1.6 bits, at 0.8-3 kHz, and is reported
    // at once too: within 12 dB of the loudest stroke it is no hiss (a draw of the property that failed
    // without that).
    const reports = (strokes: Stroke[], seconds: number, seed: number, noiseDbfs = -45) =>
      hearInBlocks(renderDrumAudio(RATE, seconds, strokes, { noiseDbfs, seed })).filter(
        ({ at }) => at > 0.27,
      );
    const hihat = reports(
      [
        { drum: 'hihat', time: 0.3, peak: 0.3 },
        { drum: 'hihat', time: 1.5, peak: 0.022 },
      ],
      2.2,
      1,
    );
    expect(hihat).toHaveLength(2);
    expect(Math.abs(hihat[1]!.at - 1.5)).toBeLessThan(0.005);
    expect(hihat[1]!.reportedAfterMs).toBeGreaterThan(16);
    expect(hihat[1]!.reportedAfterMs).toBeLessThan(16 + 5 + (2 * BLOCK * 1000) / RATE);
    for (const seed of [325, 363]) {
      const strokes = [0.3, 0.624, 0.718].map((time): Stroke => ({ drum: 'tom', time, peak: 0.2 }));
      const toms = reports(strokes, 1.6, seed);
      expectHeardOnce(
        strokes,
        toms.map(({ at }) => at),
        5,
      );
      expect(toms[1]!.reportedAfterMs).toBeLessThan(5 + (2 * BLOCK * 1000) / RATE);
    }
    const loudStrokes = [0.3, 0.636, 0.746, 1.057, 1.692, 2.364, 2.553, 3.174, 3.38, 3.441, 3.579, 3.91].map(
      (time): Stroke => ({ drum: 'tom', time, peak: 0.9 }),
    );
    const loudToms = reports(loudStrokes, 4.961, 3, -49);
    expectHeardOnce(
      loudStrokes,
      loudToms.map(({ at }) => at),
      5,
    );
    expect(loudToms.at(-1)!.reportedAfterMs).toBeLessThan(5 + (2 * BLOCK * 1000) / RATE);
  });

  it('hears two failed draws of the property right: a rise of the hiss 15 ms before a stroke, and 0.18 s after one', () => {
    // Pads at peak 0.41 over -54 dBFS (noise seed 7,209): the hiss rose just over the threshold at 2.271 s,
    // and the stroke at 2.286 s came within the refractory time of it; the rise now waits to linger
    // (LINGER) and the clear stroke takes its place. Pads at peak 0.46 over -48 dBFS (seed 5,632): a
    // burst of the hiss at 3.111 s, 0.18 s after a stroke, once within the pause FLICKER asks.
    const draws: [number[], number, number, number][] = [
      [[268, 699, 137, 333, 549, 62, 83, 189, 208, 460], 0.413, -54, 7209],
      [[152, 193, 368, 488, 409, 589, 437, 479, 408], 0.456, -48, 5632],
    ];
    for (const [gapsMs, peak, noiseDbfs, seed] of draws) {
      const { strokes, end } = trainOfGaps('pad', gapsMs, peak);
      expectHeardOnce(strokes, detect(renderDrumAudio(RATE, end + 0.5, strokes, { noiseDbfs, seed })), 5);
    }
  });

  it('hears no click where a long ring ends: the generated voices fade out', () => {
    // The train the property above once failed on: the second-to-last kick's voice ended at 2.907 s.
    const { strokes, end } = trainOfGaps('kick', [321, 79, 472, 500, 68, 267, 345, 386], 0.9);
    const samples = renderDrumAudio(RATE, end + 1.5, strokes, { noiseDbfs: -70, seed: 3 });
    expectHeardOnce(strokes, detect(samples), 5);
  });

  it('hears a stroke as soft as the sensitivity says, relative to the strokes before it', () => {
    // Accents at 0.8 and taps 30 dB below them: within 40 dB (0.5, the default) but not 20 dB (0).
    const strokes = strokeTrain('pad', 12, 0.25, (i) => (i % 2 === 0 ? 0.8 : 0.8 * 10 ** (-30 / 20)));
    const samples = renderDrumAudio(RATE, 3.5, strokes, { noiseDbfs: -80 });
    expectHeardOnce(strokes, detect(samples, 0.5));
    expectHeardOnce(
      strokes.filter((_, i) => i % 2 === 0),
      detect(samples, 0),
    );
    expect(softestStrokeDb(0)).toBeLessThan(30);
    expect(softestStrokeDb(0.5)).toBeGreaterThan(30);
  });

  it('hears a take the same at any level: 18 dB quieter, the same strokes at the same samples', () => {
    const strokes: Stroke[] = [
      ...strokeTrain('kick', 4, 0.6, () => 0.7),
      ...strokeTrain('snare', 4, 0.6, (i) => (i % 2 === 0 ? 0.6 : 0.15), 0.8),
      ...strokeTrain('pad', 4, 0.6, () => 0.3, 0.65),
    ].sort((a, b) => a.time - b.time);
    const loud = renderDrumAudio(RATE, 3.5, strokes, { noiseDbfs: -55, seed: 5 });
    const quiet = loud.map((sample) => sample * 10 ** (-18 / 20));
    const heardLoud = detect(loud);
    expectHeardOnce(strokes, heardLoud);
    expect(detect(quiet)).toEqual(heardLoud);
  });

  it('hears the ghost notes of a groove between its accents and kicks', () => {
    // Kick on every beat, snare accents on 2 and 4, snare ghost notes 24 dB below on the 16ths between.
    const sixteenth = 60 / 96 / 4;
    const strokes: Stroke[] = [];
    for (let step = 0; step < 32; step++) {
      const time = 0.5 + step * sixteenth;
      if (step % 4 === 0) strokes.push({ drum: 'kick', time, peak: 0.7 });
      else if (step % 8 === 4) strokes.push({ drum: 'snare', time, peak: 0.8 });
      else if (step % 2 === 1) strokes.push({ drum: 'snare', time, peak: 0.05 });
    }
    const samples = renderDrumAudio(RATE, 6, strokes, { noiseDbfs: -65, seed: 2 });
    expectHeardOnce(strokes, detect(samples));
  });

  it('hears a ghost note a 16th after an accent on another drum, 24 dB below it', () => {
    // A 16th at 125 bpm (120 ms) after each loud kick or tom, a snare ghost note 24 dB softer.
    const strokes: Stroke[] = [];
    for (const [index, drum] of (['kick', 'tom', 'kick', 'tom', 'kick', 'tom'] as const).entries()) {
      const time = 0.5 + index * 0.6;
      strokes.push(
        { drum, time, peak: 0.8 },
        { drum: 'snare', time: time + 0.12, peak: 0.8 * 10 ** (-24 / 20) },
      );
    }
    expectHeardOnce(strokes, detect(renderDrumAudio(RATE, 4.5, strokes, { noiseDbfs: -65, seed: 6 })));
  });

  it("hears a groove's ghost notes over a room's pink noise at -50 dBFS, and nothing of the room once it plays", () => {
    // Accent, ghost note 26 dB under, middle stroke, ghost note, in 16ths of 0.25 s, on a snare and a tom,
    // three rooms. The ghost note after each accent rises as a rattle does (nothing at 0.8-3 kHz over the
    // accent's ring): taken for a rattle up to 260 ms after a stroke, 28 of these 288 strokes were lost.
    // Before the first stroke the detector does not yet know how loud this drummer plays; the coach
    // ignores what it hears before the first note (scoreTake).
    for (const drum of ['snare', 'tom'] as const)
      for (const seed of [2, 3, 4]) {
        const strokes = strokeTrain(drum, 48, 0.25, (i) =>
          i % 4 === 0 ? 0.7 : i % 2 === 1 ? 0.7 * 10 ** (-26 / 20) : 0.3,
        );
        const samples = renderDrumAudio(RATE, 13, strokes, { pinkNoiseDbfs: -50, seed });
        const heard = detect(samples).filter((onset) => onset > strokes[0]!.time - 0.03);
        expectHeardOnce(strokes, heard, 5);
      }
  });

  it('hears ghost notes 26 dB under an accent 100-235 ms after it on a pad and a tom: not a rattle', () => {
    // Their body is hidden by the accent's ring, as a rattle's is, but their stick rises sharply above
    // 3 kHz. Taken for rattles by rise alone, 22 of the pad's and 30 of the tom's were lost.
    for (const [drum, interval] of [
      ['pad', 0.1],
      ['tom', 0.15],
      ['pad', 0.235],
      ['tom', 0.235],
    ] as const)
      for (const seed of [1, 2, 3]) {
        const strokes = strokeTrain(drum, 40, interval, (i) =>
          i % 4 === 0 ? 0.7 : i % 2 === 1 ? 0.7 * 10 ** (-26 / 20) : 0.3,
        );
        const samples = renderDrumAudio(RATE, 40 * interval + 1.5, strokes, { noiseDbfs: -70, seed });
        expectHeardOnce(strokes, detect(samples), 5);
      }
  });

  it("takes a snare's wires answering its stroke 30 ms on, louder above 3 kHz than the stick, for no stroke", () => {
    // A sampled snare's wires (the Black Pearl kit's) swell 30-32 ms after the stick, above 3 kHz only and
    // louder there than its crack: over a quieter microphone's hiss each stroke was heard twice (the ear
    // bench's snare at 94 % precision). Here: snare strokes at two levels, each with a 40-ms burst of
    // noise above 3 kHz (white noise differenced three times) swelling 30 ms on, louder there than the
    // stick (that kit's wires: 1-9 dB).
    const strokes = strokeTrain('snare', 16, 0.4, (i) => (i % 2 === 0 ? 0.3 : 0.08));
    for (const seed of [1, 2, 3]) {
      const samples = renderDrumAudio(RATE, 8, strokes, { noiseDbfs: -60, seed });
      const noise = uniformNoise(seed * 31);
      for (const stroke of strokes) {
        const start = Math.round((stroke.time + 0.03) * RATE);
        let previous = [noise(), noise(), noise()];
        for (let i = 0; i < 0.04 * RATE; i++) {
          const x = noise();
          // The third difference: next to nothing below 3 kHz (-40 dB at 2 kHz against 10 kHz).
          const high = (x - 3 * previous[0]! + 3 * previous[1]! - previous[2]!) / 4.5;
          previous = [x, previous[0]!, previous[1]!];
          const t = i / RATE;
          const envelope = Math.min(1, t / 0.003) * Math.exp(-t / 0.01);
          samples[start + i] = samples[start + i]! + 3 * stroke.peak * envelope * high;
        }
      }
      expectHeardOnce(strokes, detect(samples), 5);
    }
  });

  it('still hears a hi-hat 35 ms after a snare stroke or a kick', () => {
    // The wires rule asks for next to nothing from 200 Hz to 3 kHz: a hi-hat's stick and noise reach there.
    const strokes: Stroke[] = [];
    for (const [index, drum] of (['snare', 'kick', 'snare', 'kick'] as const).entries()) {
      const time = 0.5 + index * 0.5;
      strokes.push({ drum, time, peak: 0.6 }, { drum: 'hihat', time: time + 0.035, peak: 0.5 });
    }
    expectHeardOnce(strokes, detect(renderDrumAudio(RATE, 3, strokes, { noiseDbfs: -60, seed: 4 })), 5);
  });

  it("takes nothing in a loud stroke's decay for a new stroke: a crash, a tom, a kick and a snare each ringing out alone", () => {
    // Each drum at full strength, then 2.5 s of its own decay over room noise at -50 dBFS.
    const strokes: Stroke[] = (['crash', 'tom', 'kick', 'snare'] as const).map((drum, index) => ({
      drum,
      time: 0.5 + 2.5 * index,
      peak: 0.95,
    }));
    expectHeardOnce(strokes, detect(renderDrumAudio(RATE, 10.5, strokes, { noiseDbfs: -50, seed: 7 })));
  });

  describe('a recorded drum kit (a rock groove rendered through FluidR3, testing/recorded/)', () => {
    const recorded = readRecording('rock-groove');

    it("hears its strokes as well as aubio's best method, at least 95 % of what it hears a stroke", () => {
      // aubioonset (hfc, specflux, complex) hears 16 of its 18 onsets; energy 15.
      const { recall, precision } = hearRecording(recorded);
      expect(recall).toBeGreaterThanOrEqual(16 / 18);
      expect(precision).toBeGreaterThanOrEqual(0.95);
    });

    it('hears it the same 18 dB quieter: the same strokes, within 2 ms', () => {
      const loud = hearRecording(recorded).onsets;
      const quiet = hearRecording(recorded, -18).onsets;
      expect(quiet).toHaveLength(loud.length);
      quiet.forEach((onset, i) => expect(Math.abs(onset - (loud[i] ?? 0))).toBeLessThan(0.002));
    });
  });

  describe('a recorded groove with ghost notes between its ride strokes (FluidR3, testing/recorded/rock-130)', () => {
    const recorded = readRecording('rock-130');

    it('hears all 37 of its onsets, its 14 ghost notes among them, and nothing else', () => {
      // aubioonset hears 37 with energy, 35 with specflux, 29 with complex, 14 with hfc. While the
      // rings above 200 Hz faded over 40 ms, ghost notes 60-100 ms after a stroke went unheard (33);
      // at a fixed rise of 2.5 (before the rattle was told apart), one ghost note still was (36).
      const { truths, heard, precision, onsets } = hearRecording(recorded);
      expect(truths).toHaveLength(37);
      expect(heard).toBe(37);
      expect(precision).toBe(1);
      const ghostNotes = recorded.notes.filter((note) => note.note === 38 && note.velocity <= 40);
      const heardGhostNotes = ghostNotes.filter((note) =>
        onsets.some((onset) => Math.abs(onset - note.time) <= 0.03),
      );
      expect(ghostNotes).toHaveLength(14);
      expect(heardGhostNotes).toHaveLength(14);
    });

    it('hears the same onsets 18 dB quieter, nothing else', () => {
      // One of them moves: a pedal hi-hat at velocity 22, 20 ms before a kick, is heard at its own
      // attack at full level and at the kick's 18 dB quieter, where it nears the -80 dBFS floor.
      const quiet = hearRecording(recorded, -18);
      expect(quiet.heard).toBe(hearRecording(recorded).heard);
      expect(quiet.precision).toBe(1);
    });
  });

  describe("a side-stick's clicks and their rattle (FluidR3, testing/recorded/side-stick)", () => {
    const recorded = readRecording('side-stick');

    it('hears each click once: the rattle 130-180 ms after it is not a stroke', () => {
      // With the rings above 200 Hz fading over 20 ms and no second, slower ring, 3 rattles were strokes;
      // at a fixed rise of 2.1 without the rattle rule (RATTLE), 3 too.
      const { truths, heard, onsets } = hearRecording(recorded);
      expect(truths).toHaveLength(6);
      expect(heard).toBe(6);
      expect(onsets).toHaveLength(6);
      expect(hearRecording(recorded, -18).onsets).toHaveLength(6);
    });
  });

  describe('soft side-stick clicks whose rattle comes later and louder (FluidR3, testing/recorded/pad-130)', () => {
    const recorded = readRecording('pad-130');

    it('hears each of its 11 clicks once: a rattle 225 ms on, or 24 dB under its click, is not a stroke', () => {
      // With the rattle told apart only within 200 ms, 25 dB under the click and nothing at all at
      // 200 Hz-3 kHz, one rattle was a stroke (12 onsets); aubio's four methods hear the 11 clicks.
      for (const gainDb of [0, -18]) {
        const { truths, heard, onsets } = hearRecording(recorded, gainDb);
        expect(truths).toHaveLength(11);
        expect(heard).toBe(11);
        expect(onsets).toHaveLength(11);
      }
    });
  });

  describe('a snare part of ghost notes over a quieter microphone (FluidR3, testing/recorded/songo-snare)', () => {
    const recorded = readRecording('songo-snare');

    it("hears 45 % of its strokes 18 dB quieter over 40 draws of a microphone's hiss, and nothing else", () => {
      // 26 onsets, 22 of them at velocity 6-38. As the ear bench's quieter microphone: the take 18 dB
      // quieter over white hiss at -60 dBFS. aubioonset on the same 40 draws: energy 544 of the 1,040
      // strokes, specflux 224, hfc 160, complex 159, none false; the ear 475. With the floor at 200-800 Hz
      // at twice the room's level, not 1.5 times, 459.
      const quieter = recorded.samples.map((sample) => sample * 10 ** (-18 / 20));
      let heard = 0;
      let extra = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const hiss = whiteNoise(quieter.length, -60, seed);
        const draw = hearRecording({ ...recorded, samples: quieter.map((sample, i) => sample + hiss[i]!) });
        expect(draw.truths).toHaveLength(26);
        heard += draw.heard;
        extra += draw.onsets.length - draw.heard;
      }
      expect(heard).toBeGreaterThanOrEqual(0.45 * 26 * 40);
      expect(extra).toBe(0);
      // Forty 4-s recordings: a few seconds on a busy machine.
    }, 30_000);
  });

  it('changes its sensitivity while it listens', () => {
    const strokes = strokeTrain('pad', 12, 0.25, (i) => (i % 2 === 0 ? 0.8 : 0.8 * 10 ** (-30 / 20)));
    const samples = renderDrumAudio(RATE, 3.5, strokes, { noiseDbfs: -80 });
    const detector = new OnsetDetector({ sampleRate: RATE, sensitivity: 0 });
    const heard: number[] = [];
    for (let start = 0; start < samples.length; start += BLOCK) {
      // From 1.5 s on, the taps 30 dB below the accents count too.
      if (start === Math.round((1.5 * RATE) / BLOCK) * BLOCK) detector.setSensitivity(0.5);
      heard.push(...detector.process(samples.subarray(start, start + BLOCK), start));
    }
    const expected = strokes.filter((stroke, i) => i % 2 === 0 || stroke.time > 1.5);
    expectHeardOnce(
      expected,
      heard.map((frame) => frame / RATE),
    );
  });
});
