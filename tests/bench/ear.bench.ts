/**
 * `npm run bench -- ear`: the microphone coach's ear on recorded drums, beside aubio (README in ear/).
 * Takes of the Groove MIDI Dataset rendered through two sampled kits (the whole kit, its snare part
 * alone, that part on a side-stick: a practice pad's click) in four conditions (clean, pink noise at
 * -50 dBFS, 18 dB quieter over hiss, a laptop's microphone), heard by Stickwork's OnsetDetector at two
 * sensitivities (128-sample blocks, as the AudioWorklet feeds it) and by `aubioonset` (hfc, specflux,
 * energy, complex; defaults).
 * Truth: the rendered note-ons, those closer than 25 ms one onset; heard = an onset within ±30 ms.
 * Also each take scored by `scoreTake` from what the ear heard against the same take scored from MIDI,
 * and beside the detectors "every onset" (the truth itself): what judging one lane costs by itself.
 * STICKWORK_ONSET_DETECTOR=path/to/onset-detector.ts measures a former detector the same way.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { OnsetDetector, scoreTake, type DueNote, type PlayedHit } from '@stickwork/domain';
import type { BenchReport } from './bench.js';
import type { HearingDetectorFactory } from './coach/hearing.js';
import { grooveTake } from './coach/judging.js';
import {
  CACHE,
  chooseTakes,
  CONDITIONS,
  ensureTools,
  KITS,
  partNotes,
  PARTS,
  RATE,
  renderConditions,
  TAKE_SECONDS,
  type Condition,
  type Note,
  type Part,
} from './ear/recordings.js';

const exec = promisify(execFile);
const TAKES = Number(process.env.EAR_TAKES ?? 24);
const BLOCK = 128;
const SAME_ONSET = 0.025;
const WITHIN = 0.03;
const SENSITIVITIES = (process.env.EAR_SENSITIVITIES ?? '0.5,0.8').split(',').map(Number);
/** EAR_PARTS=kit,pad hears only those parts (a quicker run while trying a detector). */
const HEARD_PARTS = (process.env.EAR_PARTS ?? PARTS.join(',')).split(',') as Part[];
for (const sensitivity of SENSITIVITIES)
  if (!(sensitivity >= 0 && sensitivity <= 1))
    throw new Error(
      `EAR_SENSITIVITIES: "${process.env.EAR_SENSITIVITIES}" is not a list of numbers from 0 to 1`,
    );
for (const part of HEARD_PARTS)
  if (!PARTS.includes(part)) throw new Error(`EAR_PARTS: no part "${part}" (the parts: ${PARTS.join(', ')})`);
const AUBIO_METHODS = ['hfc', 'specflux', 'energy', 'complex'] as const;
/** A reference beside the detectors: every onset heard, at its note-on. Its mic − MIDI is what judging
 * one lane (a microphone's) costs by itself, the ear's hearing aside. */
const PERFECT_EAR = 'every onset';
const BANDS = [
  { name: 'soft', upTo: 40 },
  { name: 'medium', upTo: 80 },
  { name: 'loud', upTo: 127 },
] as const;

/** One truth onset: its time (s) and its loudest note's velocity. */
interface Truth {
  time: number;
  velocity: number;
}

/** Note-ons closer than 25 ms are one onset (a flam, or kick and hi-hat together), at the first. */
const truthOf = (notes: readonly Note[]): Truth[] => {
  const onsets: Truth[] = [];
  for (const note of notes) {
    const last = onsets.at(-1);
    if (last && note.time - last.time < SAME_ONSET) last.velocity = Math.max(last.velocity, note.velocity);
    else onsets.push({ time: note.time, velocity: note.velocity });
  }
  return onsets;
};

interface Tally {
  truths: number;
  onsets: number;
  matched: number;
  bands: Record<string, { truths: number; heard: number }>;
  offsetsMs: number[];
  /** Per take: accuracy scored from what was heard minus accuracy scored from MIDI. */
  accuracyGaps: number[];
}

const emptyTally = (): Tally => ({
  truths: 0,
  onsets: 0,
  matched: 0,
  bands: Object.fromEntries(BANDS.map((band) => [band.name, { truths: 0, heard: 0 }])),
  offsetsMs: [],
  accuracyGaps: [],
});

/** Matches onsets to truths one to one, nearest pairs first, within ±30 ms; adds the result to `tally`. */
function tallyTake(tally: Tally, truths: readonly Truth[], onsets: readonly number[]): void {
  const pairs: { truth: number; onset: number; distance: number }[] = [];
  let from = 0;
  truths.forEach((truth, index) => {
    while (from < onsets.length && onsets[from]! < truth.time - WITHIN) from++;
    for (let o = from; o < onsets.length && onsets[o]! <= truth.time + WITHIN; o++)
      pairs.push({ truth: index, onset: o, distance: Math.abs(onsets[o]! - truth.time) });
  });
  pairs.sort((a, b) => a.distance - b.distance);
  const truthTaken = new Set<number>();
  const onsetTaken = new Set<number>();
  for (const pair of pairs) {
    if (truthTaken.has(pair.truth) || onsetTaken.has(pair.onset)) continue;
    truthTaken.add(pair.truth);
    onsetTaken.add(pair.onset);
    tally.offsetsMs.push((onsets[pair.onset]! - truths[pair.truth]!.time) * 1000);
  }
  tally.truths += truths.length;
  tally.onsets += onsets.length;
  tally.matched += truthTaken.size;
  truths.forEach((truth, index) => {
    const band = BANDS.find((each) => truth.velocity <= each.upTo)!;
    const figures = tally.bands[band.name]!;
    figures.truths++;
    if (truthTaken.has(index)) figures.heard++;
  });
}

const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number, places = 1): number => Math.round(value * 10 ** places) / 10 ** places;
const percent = (part: number, whole: number): number =>
  whole === 0 ? Number.NaN : round((100 * part) / whole);

const figuresOf = (tally: Tally) => {
  const recall = tally.matched / (tally.truths || 1);
  const precision = tally.matched / (tally.onsets || 1);
  const middle = median(tally.offsetsMs);
  return {
    onsets: tally.truths,
    heard: tally.onsets,
    recall: percent(tally.matched, tally.truths),
    precision: percent(tally.matched, tally.onsets),
    f: round((100 * 2 * recall * precision) / (recall + precision || 1)),
    recallByLoudness: Object.fromEntries(
      Object.entries(tally.bands).map(([band, figures]) => [band, percent(figures.heard, figures.truths)]),
    ),
    medianOffsetMs: round(middle, 2),
    /** The median absolute deviation of the offsets from their median. */
    spreadMs: round(median(tally.offsetsMs.map((offset) => Math.abs(offset - middle))), 2),
    /** Median over takes of (accuracy from what was heard − accuracy from MIDI), and of its size. */
    medianAccuracyGap: round(median(tally.accuracyGaps)),
    medianAbsoluteAccuracyGap: round(median(tally.accuracyGaps.map(Math.abs))),
  };
};

/** CPU time spent hearing and the blocks heard, over the whole run (µs per block, as the AudioWorklet pays it). */
const cost = { cpuMicroseconds: 0, blocks: 0 };

const hear = (makeDetector: HearingDetectorFactory, sensitivity: number, samples: Float32Array): number[] => {
  const detector = makeDetector({ sampleRate: RATE, sensitivity });
  const onsets: number[] = [];
  const started = process.cpuUsage();
  for (let start = 0; start < samples.length; start += BLOCK)
    for (const frame of detector.process(samples.subarray(start, start + BLOCK), start))
      onsets.push(frame / RATE);
  const used = process.cpuUsage(started);
  cost.cpuMicroseconds += used.user + used.system;
  cost.blocks += Math.ceil(samples.length / BLOCK);
  return onsets.sort((a, b) => a - b);
};

const aubioOnsets = async (file: string, method: string): Promise<number[]> => {
  const cached = `${file}.${method}.json`;
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as number[];
  const { stdout } = await exec('aubioonset', ['-i', file, '-O', method]);
  const onsets = stdout
    .split('\n')
    .map((line) => Number.parseFloat(line))
    // aubioonset reports an onset at 0 s on every file, sound or not: not counted against it.
    .filter((time) => Number.isFinite(time) && time > 0.001)
    .sort((a, b) => a - b);
  writeFileSync(cached, JSON.stringify(onsets));
  return onsets;
};

/** The take as MIDI scores it: its 16th grid and its strokes with their drums, in the first 20 s. */
const midiTake = (file: string, part: Part): { expected: DueNote[]; played: PlayedHit[] } => {
  const take = grooveTake(file);
  const inPart = (voice: string) => part === 'kit' || voice === 'snare';
  const limitMs = (TAKE_SECONDS - 0.5) * 1000;
  return {
    expected: take.expected.filter((note) => note.timeMs < limitMs && inPart(note.voice)),
    played: take.played.filter((hit) => hit.timeMs < limitMs && inPart(hit.voice ?? '')),
  };
};

async function loadDetector(): Promise<{ factory: HearingDetectorFactory; label: string }> {
  const path = process.env.STICKWORK_ONSET_DETECTOR;
  if (!path) return { factory: (options) => new OnsetDetector(options), label: 'Stickwork' };
  const module = (await import(pathToFileURL(resolve(path)).href)) as { OnsetDetector: typeof OnsetDetector };
  return { factory: (options) => new module.OnsetDetector(options), label: `Stickwork (${basename(path)})` };
}

export async function run(): Promise<BenchReport> {
  const missing = await ensureTools();
  if (missing) return { summary: [`skipped: ${missing}`], results: { skipped: missing } };
  const { factory, label } = await loadDetector();
  const dataDirectory = resolve(
    process.env.GROOVE_MIDI_DIR ?? join(process.cwd(), '..', '..', 'shared', 'data', 'groove-midi'),
  );
  const takes = chooseTakes(dataDirectory, TAKES);
  const detectors = [
    ...SENSITIVITIES.map((sensitivity) => `${label} ${sensitivity}`),
    ...AUBIO_METHODS.map((method) => `aubio ${method}`),
    PERFECT_EAR,
  ];
  const tallies = new Map<string, Map<string, Tally>>();
  const tallyFor = (cell: string, detector: string): Tally => {
    const row = tallies.get(cell) ?? new Map<string, Tally>();
    tallies.set(cell, row);
    const tally = row.get(detector) ?? emptyTally();
    row.set(detector, tally);
    return tally;
  };
  // Renders and aubio's onsets are kept between runs (both are deterministic): a second run hears only.
  const directory = CACHE;
  mkdirSync(directory, { recursive: true });
  {
    for (const [takeIndex, file] of takes.entries()) {
      for (const part of HEARD_PARTS) {
        const notes = partNotes(file, part);
        const truths = truthOf(notes);
        const midi = midiTake(file, part);
        const midiAccuracy = scoreTake(midi.expected, midi.played).accuracy;
        for (const kit of KITS) {
          const name = `${file.slice(dataDirectory.length + 1, -'.mid'.length).replace(/\W/g, '-')}-${part}-${kit.name.replace(/\W/g, '')}`;
          const recordings = await renderConditions(notes, kit, directory, name, takeIndex + 1);
          for (const condition of CONDITIONS) {
            const recording = recordings[condition.name];
            const cell = `${part}|${condition.name}|${kit.name}`;
            const heardBy: [string, number[]][] = SENSITIVITIES.map((sensitivity) => [
              `${label} ${sensitivity}`,
              hear(factory, sensitivity, recording.samples),
            ]);
            const aubio = await Promise.all(
              AUBIO_METHODS.map(
                async (method) => [`aubio ${method}`, await aubioOnsets(recording.wav, method)] as const,
              ),
            );
            const perfect: [string, number[]] = [PERFECT_EAR, truths.map((truth) => truth.time)];
            for (const [detector, onsets] of [...heardBy, ...aubio, perfect]) {
              const tally = tallyFor(cell, detector);
              tallyTake(tally, truths, onsets);
              const heardAccuracy = scoreTake(
                midi.expected,
                onsets.map((time) => ({ timeMs: time * 1000 })),
              ).accuracy;
              tally.accuracyGaps.push(heardAccuracy - midiAccuracy);
            }
          }
        }
      }
      console.log(`  ear: take ${takeIndex + 1}/${takes.length} heard (${basename(file)})`);
    }
  }

  const cells = [...tallies.entries()].map(([cell, row]) => {
    const [part, condition, kit] = cell.split('|') as [Part, Condition, string];
    return {
      part,
      condition,
      kit,
      detectors: Object.fromEntries(detectors.map((detector) => [detector, figuresOf(row.get(detector)!)])),
    };
  });
  const summary = cells.map((cell) => {
    const first = Object.values(cell.detectors)[0]!;
    const text = Object.entries(cell.detectors)
      .map(([detector, f]) => {
        const bands = Object.values(f.recallByLoudness).join('/');
        return `${detector} ${f.recall} % (${f.precision} %) [${bands}] ${f.medianOffsetMs}±${f.spreadMs} ms acc ${f.medianAccuracyGap}`;
      })
      .join('; ');
    return `${cell.part}, ${cell.condition}, ${cell.kit} (${first.onsets} onsets): ${text}`;
  });
  const microsecondsPerBlock = round(cost.cpuMicroseconds / (cost.blocks || 1), 2);
  summary.push(
    `hearing cost: ${microsecondsPerBlock} µs of CPU per ${BLOCK}-sample block (mean over ${cost.blocks} blocks; the block's budget is ${round((BLOCK / RATE) * 1e6, 0)} µs)`,
    `cells: recall (precision) [recall soft/medium/loud] median offset±spread, acc = median over takes of ` +
      `(accuracy from the ear − accuracy from MIDI); ${takes.length} takes, first ${TAKE_SECONDS} s`,
  );
  return {
    summary,
    results: {
      detector: label,
      takes: takes.map((file) => file.slice(dataDirectory.length + 1)),
      kits: KITS,
      conditions: CONDITIONS,
      sampleRate: RATE,
      blockSize: BLOCK,
      toleranceMs: WITHIN * 1000,
      sameOnsetMs: SAME_ONSET * 1000,
      loudnessBands: 'MIDI velocity <= 40 soft, 41-80 medium, above 80 loud',
      microsecondsPerBlock,
      aubio: { command: 'aubioonset -i FILE -O <method>', methods: AUBIO_METHODS, options: 'defaults' },
      cells,
    },
  };
}
