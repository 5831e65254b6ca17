/**
 * The timing coach's judge measured against drumming nobody here wrote:
 * - Real drumming: professional takes of the Groove MIDI Dataset (Gillick, Roberts, Engel, Sandler,
 *   Bamman, ICML 2019; CC BY 4.0), the subset in `../shared/data/groove-midi/` (or GROOVE_MIDI_DIR).
 *   Each straight-feel 4/4 groove (jazz, blues and shuffle takes left out: their swung feel is not a
 *   straight grid) is quantized to the nearest 16th of its own tempo; that grid is the expected pattern and
 *   the take as played is scored. Medians by tempo band.
 * - GrooveScribe's coach: its PerformanceGenerator's profiles (perfect, jitter, constant offset, rushing,
 *   dragging, random, missed, extra, all hit types, flams) re-made here on its grooves, with the tiers
 *   GrooveScribe's TimingEvaluator gives each stroke (perfect ≤ 20, good ≤ 35, close ≤ 50 ms, else miss)
 *   beside what this judge gives the take.
 * - Cost: a whole 10-minute take of 16ths at 160 bpm on four drums, and the live judge per stroke.
 * `scoreTake` can be swapped for a former judge (STICKWORK_JUDGE=path) to measure "before" the same way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import tonejsMidi from '@tonejs/midi';
import {
  scoreTake as currentScoreTake,
  TakeJudge,
  type DueNote,
  type Ornament,
  type PlayedHit,
  type TakeScore,
  type Voice,
} from '@stickwork/domain';
import type { BenchReport } from '../bench.js';

// A CommonJS package: its named export arrives on the default one under Node's ESM.
const { Midi } = tonejsMidi;

type ScoreTake = (expected: DueNote[], played: PlayedHit[]) => Omit<TakeScore, 'hits'> & { hits: unknown[] };

/** The TD-11's note numbers (the dataset's table) as Stickwork's voices. */
const GMD_VOICES: Record<number, Voice> = {
  36: 'bass_drum',
  38: 'snare',
  40: 'snare',
  37: 'rim_click',
  48: 'high_tom',
  50: 'high_tom',
  45: 'mid_tom',
  47: 'mid_tom',
  43: 'floor_tom',
  58: 'floor_tom',
  42: 'hi_hat',
  22: 'hi_hat',
  46: 'hi_hat_open',
  26: 'hi_hat_open',
  44: 'hi_hat_foot',
  49: 'crash',
  55: 'crash',
  57: 'crash',
  52: 'china',
  51: 'ride',
  59: 'ride',
  53: 'ride_bell',
};
const SWUNG = /jazz|blues|shuffle|swing/;
const BANDS = [
  { name: 'under 90 bpm', from: 0, to: 90 },
  { name: '90-110 bpm', from: 90, to: 110.5 },
  { name: '111-129 bpm', from: 110.5, to: 130 },
  { name: '130-200 bpm', from: 130, to: 1000 },
] as const;

const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round1 = (value: number): number => Math.round(value * 10) / 10;

const midiFiles = (directory: string): string[] =>
  readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? midiFiles(path) : name.endsWith('.mid') ? [path] : [];
  });

/** One take: the strokes as played, and the grid of 16ths they were meant on. */
export const grooveTake = (file: string): { bpm: number; expected: DueNote[]; played: PlayedHit[] } => {
  const midi = new Midi(readFileSync(file));
  const bpm = midi.header.tempos[0]?.bpm ?? Number(/_(\d+)_beat/.exec(file)?.[1]);
  const sixteenthMs = 60_000 / bpm / 4;
  const played: PlayedHit[] = [];
  const grid = new Map<string, DueNote>();
  for (const note of midi.tracks.flatMap((track) => track.notes)) {
    const voice = GMD_VOICES[note.midi];
    if (!voice) continue;
    const timeMs = note.time * 1000;
    played.push({ timeMs, voice, velocity: Math.max(1, Math.round(note.velocity * 127)) });
    const step = Math.round(timeMs / sixteenthMs);
    grid.set(`${voice}@${step}`, { timeMs: step * sixteenthMs, voice, bpm });
  }
  return { bpm, expected: [...grid.values()].sort((a, b) => a.timeMs - b.timeMs), played };
};

function realDrumming(scoreTake: ScoreTake) {
  const directory = resolve(
    process.env.GROOVE_MIDI_DIR ?? join(process.cwd(), '..', '..', 'shared', 'data', 'groove-midi'),
  );
  const files = midiFiles(directory).filter((file) => /_beat_4-4\.mid$/.test(file) && !SWUNG.test(file));
  const takes = files.map((file) => {
    const { bpm, expected, played } = grooveTake(file);
    const score = scoreTake(expected, played);
    return { bpm, accuracy: score.accuracy, extra: score.extra, expected: score.expected };
  });
  const bands = BANDS.map((band) => {
    const inBand = takes.filter((take) => take.bpm >= band.from && take.bpm < band.to);
    return {
      band: band.name,
      takes: inBand.length,
      medianAccuracy: round1(median(inBand.map((take) => take.accuracy))),
    };
  });
  return {
    directory,
    takes: takes.length,
    medianAccuracy: round1(median(takes.map((take) => take.accuracy))),
    bands,
  };
}

/** GrooveScribe's grooves (its GROOVES), as notes on beats 1.0-4.75, and a snare flam groove of ours. */
const GROOVES: Record<string, { bpm: number; notes: { voice: Voice; beat: number; ornament?: Ornament }[] }> =
  {
    basicRock: {
      bpm: 120,
      notes: [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5]
        .map((beat) => ({ voice: 'hi_hat' as Voice, beat }))
        .concat(
          [1, 3].map((beat) => ({ voice: 'bass_drum', beat })),
          [2, 4].map((beat) => ({ voice: 'snare', beat })),
        ),
    },
    denseSixteenths: {
      bpm: 120,
      notes: Array.from({ length: 16 }, (_, i) => ({ voice: 'hi_hat' as Voice, beat: 1 + i / 4 })),
    },
    fastTempo: {
      bpm: 200,
      notes: [1, 2, 3, 4].map((beat) => ({ voice: (beat % 2 ? 'bass_drum' : 'snare') as Voice, beat })),
    },
    slowTempo: {
      bpm: 60,
      notes: [1, 2, 3, 4].map((beat) => ({ voice: (beat % 2 ? 'bass_drum' : 'snare') as Voice, beat })),
    },
    snareFlams: {
      bpm: 80,
      notes: [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5]
        .map((beat) => ({ voice: 'hi_hat' as Voice, beat }))
        .concat([2, 4].map((beat) => ({ voice: 'snare', beat, ornament: 'flam' as Ornament }))),
    },
  };
const BARS = 8;

/** GrooveScribe's seeded generator (a linear congruential one), so every run makes the same takes. */
const lcg = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
};

type Profile =
  'perfect' | 'jitter' | 'constant' | 'rushing' | 'dragging' | 'random' | 'missed' | 'extra' | 'allHitTypes';
/** The offset each profile gives a stroke, as GrooveScribe's PerformanceGenerator draws it. */
const offsetFor = (profile: Profile, rng: () => number): number => {
  switch (profile) {
    case 'perfect':
    case 'missed':
    case 'extra':
      return 0;
    case 'jitter':
      return (rng() - 0.5) * 20;
    case 'constant':
      return 25;
    case 'rushing':
      return -15 - rng() * 20;
    case 'dragging':
      return 15 + rng() * 20;
    case 'random':
      return (rng() - 0.5) * 100;
    case 'allHitTypes': {
      const tier = rng();
      const sign = rng() > 0.5 ? 1 : -1;
      if (tier < 0.25) return (rng() - 0.5) * 40;
      if (tier < 0.5) return sign * (21 + rng() * 13);
      if (tier < 0.75) return sign * (36 + rng() * 13);
      return sign * (55 + rng() * 50);
    }
  }
};
const GROOVESCRIBE_TIERS = { perfect: 20, good: 35, close: 50 };

function grooveScribeCases(scoreTake: ScoreTake) {
  const cases: { groove: string; profile: Profile }[] = [
    ...(
      [
        'perfect',
        'jitter',
        'constant',
        'rushing',
        'dragging',
        'random',
        'missed',
        'extra',
        'allHitTypes',
      ] as const
    ).map((profile) => ({ groove: 'basicRock', profile })),
    { groove: 'denseSixteenths', profile: 'jitter' },
    { groove: 'fastTempo', profile: 'constant' },
    { groove: 'slowTempo', profile: 'constant' },
    { groove: 'snareFlams', profile: 'perfect' },
    { groove: 'snareFlams', profile: 'jitter' },
  ];
  return cases.map(({ groove, profile }) => {
    const rng = lcg(12345);
    const { bpm, notes } = GROOVES[groove]!;
    const beatMs = 60_000 / bpm;
    const expected: DueNote[] = [];
    const played: PlayedHit[] = [];
    const tiers = { perfect: 0, good: 0, close: 0, miss: 0, extra: 0 };
    for (let bar = 0; bar < BARS; bar++)
      for (const note of notes) {
        const timeMs = (bar * 4 + note.beat - 1) * beatMs;
        expected.push({
          timeMs,
          voice: note.voice,
          bpm,
          lengthMs: beatMs / 4,
          ...(note.ornament ? { ornament: note.ornament } : {}),
        });
        if (profile === 'missed' && rng() < 0.2) {
          tiers.miss++;
          continue;
        }
        const offset = offsetFor(profile, rng);
        // A flam: the grace stroke 25-40 ms before the main one (GrooveScribe's own spread).
        if (note.ornament === 'flam')
          played.push({ timeMs: timeMs + offset - (25 + rng() * 15), voice: note.voice });
        played.push({ timeMs: timeMs + offset, voice: note.voice });
        const error = Math.abs(Math.round(offset));
        if (error <= GROOVESCRIBE_TIERS.perfect) tiers.perfect++;
        else if (error <= GROOVESCRIBE_TIERS.good) tiers.good++;
        else if (error <= GROOVESCRIBE_TIERS.close) tiers.close++;
        else tiers.miss++;
      }
    if (profile === 'extra')
      for (let beat = 1; beat <= BARS * 4; beat += 0.5)
        if (rng() < 0.3) {
          played.push({ timeMs: (beat - 1) * beatMs + (rng() - 0.5) * 30, voice: 'crash' });
          tiers.extra++;
        }
    const score = scoreTake(
      expected,
      played.sort((a, b) => a.timeMs - b.timeMs),
    );
    return {
      case: `${groove} ${profile} (${bpm} bpm)`,
      grooveScribe: tiers,
      stickwork: {
        hit: score.hit,
        missed: score.missed,
        extra: score.extra,
        meanOffsetMs: round1(score.meanOffsetMs),
        spreadMs: round1(score.spreadMs),
        accuracy: score.accuracy,
      },
    };
  });
}

/** A 10-minute take of 16ths at 160 bpm: hi-hat on every 16th, kick, snare and a tom fill every 4 bars. */
const longTake = (): { expected: DueNote[]; played: PlayedHit[] } => {
  const sixteenthMs = 60_000 / 160 / 4;
  const steps = Math.round((10 * 60_000) / sixteenthMs);
  const expected: DueNote[] = [];
  for (let step = 0; step < steps; step++) {
    const timeMs = step * sixteenthMs;
    const inBar = step % 16;
    const note = (voice: Voice): DueNote => ({ timeMs, voice, bpm: 160, lengthMs: sixteenthMs });
    expected.push(note('hi_hat'));
    if (inBar === 0 || inBar === 8 || inBar === 10) expected.push(note('bass_drum'));
    if (inBar === 4 || inBar === 12) expected.push(note('snare'));
    if (step % 64 >= 60) expected.push(note('high_tom'));
  }
  const rng = lcg(7);
  const played = expected
    .filter(() => rng() > 0.02)
    .map((note) => ({ timeMs: note.timeMs + (rng() - 0.5) * 30, voice: note.voice }))
    .concat(
      expected.filter(() => rng() < 0.02).map((note) => ({ timeMs: note.timeMs + 60, voice: note.voice })),
    )
    .sort((a, b) => a.timeMs - b.timeMs);
  return { expected, played };
};

/**
 * Median wall and CPU time of `action`, ms. On a shared machine the wall time includes the time other
 * processes held the cores; the CPU time (this process's user and system time) is the work itself.
 */
const timeMs = (action: () => unknown, runs: number): { wall: number; cpu: number } => {
  action();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    action();
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
};

/** The live judge as the coach runs it: notes 300 ms ahead, strokes as they sound, a settle every frame. */
const liveMicrosPerStroke = (
  expected: readonly DueNote[],
  played: readonly PlayedHit[],
  untilMs: number,
): number => {
  const judge = new TakeJudge({ voiced: true });
  let note = 0;
  let hit = 0;
  const start = process.hrtime.bigint();
  for (let now = 0; now <= untilMs; now += 1000 / 60) {
    while (note < expected.length && expected[note]!.timeMs <= now + 300) judge.addNote(expected[note++]!);
    while (hit < played.length && played[hit]!.timeMs <= now) judge.addHit(played[hit++]!);
    judge.settle(now);
    judge.score();
  }
  return Number(process.hrtime.bigint() - start) / 1000 / Math.max(1, hit);
};

function cost(scoreTake: ScoreTake) {
  const { expected, played } = longTake();
  const full = timeMs(() => scoreTake(expected, played), 9);
  const firstMinute = median([0, 1, 2].map(() => liveMicrosPerStroke(expected, played, 60_000)));
  const tenMinutes = median([0, 1, 2].map(() => liveMicrosPerStroke(expected, played, 600_000)));
  return {
    notes: expected.length,
    strokes: played.length,
    fullScoreMs: round1(full.wall),
    fullScoreCpuMs: round1(full.cpu),
    liveMicrosPerStroke: { firstMinute: round1(firstMinute), tenMinutes: round1(tenMinutes) },
  };
}

export async function judgingBench(): Promise<BenchReport> {
  const judgePath = process.env.STICKWORK_JUDGE;
  const scoreTake = (
    judgePath
      ? ((await import(pathToFileURL(resolve(judgePath)).href)) as { scoreTake: ScoreTake }).scoreTake
      : currentScoreTake
  ) as ScoreTake;
  const label = judgePath ? `judge at ${judgePath}` : 'this judge';
  const real = realDrumming(scoreTake);
  const grooveScribe = grooveScribeCases(scoreTake);
  const costs = cost(scoreTake);
  const summary = [
    `${label} on ${real.takes} Groove MIDI Dataset grooves (16th grid): median ${real.medianAccuracy}; ` +
      real.bands.map((band) => `${band.band} ${band.medianAccuracy} (${band.takes})`).join(', '),
    ...grooveScribe.map(
      ({ case: name, grooveScribe: gs, stickwork: sw }) =>
        `${name}: GrooveScribe ${gs.perfect}/${gs.good}/${gs.close} perfect/good/close, ${gs.miss} miss, ${gs.extra} extra | ` +
        `Stickwork ${sw.hit} hit, ${sw.missed} missed, ${sw.extra} extra, mean ${sw.meanOffsetMs} ms ±${sw.spreadMs}, accuracy ${sw.accuracy}`,
    ),
    `10-minute take of 16ths at 160 bpm (${costs.notes} notes, ${costs.strokes} strokes): full score ${costs.fullScoreMs} ms (${costs.fullScoreCpuMs} ms of CPU); ` +
      (judgePath
        ? 'no live judge'
        : `live ${costs.liveMicrosPerStroke.firstMinute} µs a stroke over the first minute, ${costs.liveMicrosPerStroke.tenMinutes} µs over ten`),
  ];
  return { summary, results: { judge: label, realDrumming: real, grooveScribe, cost: costs } };
}
