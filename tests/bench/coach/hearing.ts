/**
 * The timing coach's ear beside aubio: every hearing scenario of the drum-audio generator
 * (kick, snare, pad, accents and ghost notes, 16ths at 160 bpm, 32nds at 120 bpm, a roll, a tom whose
 * modes beat, loud room noise, mains hum, a room without strokes; and those it does not yet hear as well
 * as aubio: a hi-hat under a ringing crash) is written as a 16-bit mono WAV at
 * 44.1 kHz, heard by domain's OnsetDetector in 128-sample blocks and by `aubioonset` (methods hfc and
 * specflux, its default buffer 512, hop 256, threshold 0.3, minimum inter-onset 12 ms, silence -90 dB).
 * Per scenario and detector: strokes heard (an onset within ±25 ms, each stroke once), double triggers
 * and false triggers. Also the detector's cost per 128-sample block against the block's real-time budget.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OnsetDetector } from '@stickwork/domain/onset-detector';
import {
  challengingScenarios,
  hearingScenarios,
  renderScenario,
  scoreOnsets,
  type HearingScore,
} from '@stickwork/domain/testing/drum-audio';
import { pcm16MonoWav } from '../../../scripts/lib/wav.mjs';
import type { BenchReport } from '../bench.js';

const RATE = 44_100;
const BLOCK = 128;
const AUBIO_METHODS = ['hfc', 'specflux'] as const;
const AUBIO_START_ONSET = 0.001;
const run = promisify(execFile);

/** What the bench needs of a detector (so a former version can be measured the same way). */
export interface HearingDetector {
  process(block: Float32Array, startFrame: number): readonly number[];
}
export type HearingDetectorFactory = (options: {
  sampleRate: number;
  sensitivity: number;
}) => HearingDetector;

/** 16-bit PCM, mono: the samples as the WAV holds them (so both detectors hear the same audio). */
const toPcm16 = (samples: Float32Array): Int16Array =>
  Int16Array.from(samples, (sample) => Math.round(Math.max(-1, Math.min(1, sample)) * 32_767));

/** Onset times (s) from a detector fed 128-sample blocks; with `blockMicros`, each block's cost too. */
const hear = (detector: HearingDetector, samples: Float32Array, blockMicros?: number[]): number[] => {
  const frames: number[] = [];
  for (let start = 0; start < samples.length; start += BLOCK) {
    const block = samples.subarray(start, start + BLOCK);
    const began = process.hrtime.bigint();
    const onsets = detector.process(block, start);
    blockMicros?.push(Number(process.hrtime.bigint() - began) / 1000);
    for (const frame of onsets) frames.push(frame);
  }
  return frames.map((frame) => frame / RATE);
};

const aubioAvailable = async (): Promise<boolean> =>
  run('aubioonset', ['--help']).then(
    () => true,
    (error: { code?: unknown }) => error.code !== 'ENOENT',
  );

const aubioOnsets = async (file: string, method: string): Promise<number[]> => {
  const { stdout } = await run('aubioonset', ['-i', file, '-O', method]);
  return (
    stdout
      .split('\n')
      .map((line) => Number.parseFloat(line))
      // aubioonset reports an onset at 0 s on every file, sound or not: not counted against it.
      .filter((time) => Number.isFinite(time) && time > AUBIO_START_ONSET)
  );
};

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

const round = (value: number, places = 2): number => Math.round(value * 10 ** places) / 10 ** places;

const summaryOf = (score: HearingScore) => ({
  heard: score.heard,
  doubles: score.doubles,
  falseTriggers: score.falseTriggers,
  meanErrorMs: round(score.errorsMs.reduce((sum, error) => sum + error, 0) / (score.errorsMs.length || 1)),
  maxErrorMs: round(Math.max(0, ...score.errorsMs)),
});

const cell = (score: HearingScore): string =>
  `${score.heard}/${score.strokes}${score.doubles + score.falseTriggers > 0 ? ` +${score.falseTriggers}f+${score.doubles}d` : ''}`;

/**
 * Runs the hearing benchmark. `detector` replaces domain's OnsetDetector (to measure a former version
 * the same way); `label` names it in the summary.
 */
export async function hearingBench(
  options: { detector?: HearingDetectorFactory; label?: string } = {},
): Promise<BenchReport> {
  const makeDetector: HearingDetectorFactory =
    options.detector ?? ((settings) => new OnsetDetector(settings));
  const label = options.label ?? 'Stickwork';
  const withAubio = await aubioAvailable();
  const directory = await mkdtemp(join(tmpdir(), 'stickwork-hearing-'));
  const summary: string[] = [];
  const scenarios: Record<string, unknown>[] = [];
  const blockMicros: number[] = [];
  let goalsMet = 0;
  try {
    for (const [index, scenario] of [...hearingScenarios(), ...challengingScenarios()].entries()) {
      const pcm = toPcm16(renderScenario(scenario, RATE));
      const samples = Float32Array.from(pcm, (value) => value / 32_767);
      const strokeTimes = scenario.strokes.map((stroke) => stroke.time);
      const detector = () => makeDetector({ sampleRate: RATE, sensitivity: scenario.sensitivity });
      const ours = scoreOnsets(strokeTimes, hear(detector(), samples));
      // Timed on a second, identical run, once the first has warmed the JIT up.
      hear(detector(), samples, blockMicros);
      const aubio: Partial<Record<(typeof AUBIO_METHODS)[number], HearingScore>> = {};
      if (withAubio) {
        const file = join(directory, `scenario-${index}.wav`);
        await writeFile(file, pcm16MonoWav(pcm, RATE));
        for (const method of AUBIO_METHODS)
          aubio[method] = scoreOnsets(strokeTimes, await aubioOnsets(file, method));
      }
      const aubioScores = Object.values(aubio);
      const bestRecall = Math.max(0, ...aubioScores.map((score) => score.heard));
      const fewestExtra = Math.min(
        ...aubioScores.map((score) => score.falseTriggers + score.doubles),
        Number.POSITIVE_INFINITY,
      );
      const goalMet =
        withAubio && ours.heard >= bestRecall && ours.falseTriggers + ours.doubles <= fewestExtra;
      if (goalMet) goalsMet++;
      scenarios.push({
        scenario: scenario.name,
        strokes: scenario.strokes.length,
        sensitivity: scenario.sensitivity,
        [label]: summaryOf(ours),
        ...Object.fromEntries(
          Object.entries(aubio).map(([method, score]) => [`aubio ${method}`, summaryOf(score)]),
        ),
        ...(withAubio ? { goalMet } : {}),
      });
      summary.push(
        `${scenario.name}: ${label} ${cell(ours)}` +
          (withAubio
            ? `, aubio hfc ${cell(aubio.hfc ?? ours)}, specflux ${cell(aubio.specflux ?? ours)}${goalMet ? '' : '  (goal not met)'}`
            : ''),
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  const sorted = [...blockMicros].sort((a, b) => a - b);
  const budgetMicros = (BLOCK / RATE) * 1e6;
  const blockCost = {
    blocks: sorted.length,
    medianMicros: round(percentile(sorted, 0.5), 3),
    p99Micros: round(percentile(sorted, 0.99), 3),
    maxMicros: round(sorted.at(-1) ?? Number.NaN, 3),
    budgetMicros: round(budgetMicros),
    medianShareOfBudget: round(percentile(sorted, 0.5) / budgetMicros, 5),
    p99ShareOfBudget: round(percentile(sorted, 0.99) / budgetMicros, 5),
  };
  summary.push(
    `${label} per 128-sample block: median ${blockCost.medianMicros} µs, p99 ${blockCost.p99Micros} µs ` +
      `(${round(blockCost.medianShareOfBudget * 100, 3)} % / ${round(blockCost.p99ShareOfBudget * 100, 3)} % of the ${blockCost.budgetMicros} µs budget)`,
  );
  summary.push(
    withAubio
      ? `aubioonset -i FILE -O hfc|specflux (defaults: -B 512 -H 256 -t 0.3 -M 0.012 -s -90; its onset at 0 s on every file not counted); cells: heard/strokes +false f +double d; ` +
          `goal (recall >= aubio's best, false+double <= aubio's fewest) met on ${goalsMet} of ${scenarios.length}`
      : 'aubioonset is not installed (apt-get install aubio-tools): only Stickwork is scored',
  );
  return {
    summary,
    results: {
      detector: label,
      sampleRate: RATE,
      blockSize: BLOCK,
      toleranceMs: 25,
      aubio: withAubio
        ? { command: 'aubioonset -i FILE -O <method>', methods: AUBIO_METHODS, options: 'defaults' }
        : 'not installed',
      scenarios,
      blockCost,
    },
  };
}
