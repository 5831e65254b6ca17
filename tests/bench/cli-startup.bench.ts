/**
 * How long the operator CLI takes to answer, as a ratio to a bare `node -e 0` measured in the same
 * run: `--help` and the read commands on a small seeded store (under 0.4 s). Runs
 * the built CLI (`npm run build` first: bin/stickwork.js then runs the bundle), each command several
 * times, and reports medians.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './bench.js';

/** `CLI_BENCH_ROOT=<checkout>` measures another built checkout (e.g. an older commit) the same way. */
const root =
  process.env.CLI_BENCH_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'cli/bin/stickwork.js');
const RUNS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** GNU time reports the child's CPU time too: steadier than wall time on a shared, loaded machine. */
const GNU_TIME = '/usr/bin/time';
const hasGnuTime = fs.existsSync(GNU_TIME);

interface Sample {
  wallMs: number;
  /** User + system CPU of the process, when GNU time is there. */
  cpuMs: number | null;
}

const timeRun = (args: string[], env: NodeJS.ProcessEnv): Sample => {
  const started = process.hrtime.bigint();
  const result = hasGnuTime
    ? spawnSync(GNU_TIME, ['-f', 'cpu %U %S', process.execPath, ...args], {
        env,
        cwd: root,
        encoding: 'utf8',
      })
    : spawnSync(process.execPath, args, { env, cwd: root, encoding: 'utf8' });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${args.join(' ')} exited ${String(result.status)}: ${result.stderr.slice(0, 500)}`);
  const cpu = /cpu (\d+\.\d+) (\d+\.\d+)\s*$/.exec(result.stderr);
  return { wallMs, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null };
};

/** Whether bin/stickwork.js runs the bundle (as after `npm run build`) or, stale or missing, the unbundled build. */
const bundleIsFresh = (): boolean => {
  try {
    const { builtAt, inputs } = JSON.parse(
      fs.readFileSync(path.join(root, 'cli/dist/stickwork.inputs.json'), 'utf8'),
    ) as { builtAt: number; inputs: string[] };
    return inputs.every((input) => fs.statSync(path.join(root, input)).mtimeMs <= builtAt);
  } catch {
    return false;
  }
};

export const run = (): BenchReport => {
  if (!fs.existsSync(path.join(root, 'cli/dist/main.js')))
    throw new Error('build the CLI first: npm run build');
  const bundled = bundleIsFresh();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cli-bench-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  try {
    timeRun(
      [bin, 'seed', '--customers', '5', '--days', '10', '--seed', '3', '--end', '2026-05-10', '--json'],
      env,
    );
    const list = spawnSync(process.execPath, [bin, 'customers', '--json'], { env, encoding: 'utf8' });
    const email = (JSON.parse(list.stdout) as { email: string }[])[0]!.email;

    const commands: Record<string, string[]> = {
      '--help': ['--help'],
      customers: ['customers'],
      history: ['history', email],
      replay: ['replay', email],
      'projections status': ['projections', 'status'],
      'catalogue stats': ['catalogue', 'stats'],
      'mail list': ['mail', 'list'],
      'store info': ['store', 'info'],
    };
    const baseline: Sample[] = [];
    const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
    // Interleaved, so a busy moment on the shared machine spreads over every command alike.
    for (let i = 0; i < RUNS; i++) {
      baseline.push(timeRun(['-e', '0'], env));
      for (const [name, args] of Object.entries(commands)) samples[name]!.push(timeRun([bin, ...args], env));
    }
    const ratio = (value: number, base: number) => Math.round((value / base) * 10) / 10;
    const nodeMs = median(baseline.map((sample) => sample.wallMs));
    const nodeCpuMs = hasGnuTime ? median(baseline.map((sample) => sample.cpuMs!)) : null;
    const results = Object.fromEntries(
      Object.entries(samples).map(([name, values]) => {
        const ms = median(values.map((sample) => sample.wallMs));
        const cpuMs = nodeCpuMs === null ? null : median(values.map((sample) => sample.cpuMs!));
        return [
          name,
          {
            medianMs: Math.round(ms),
            ratioToNode: ratio(ms, nodeMs),
            ...(cpuMs === null
              ? {}
              : { medianCpuMs: Math.round(cpuMs), cpuRatioToNode: ratio(cpuMs, nodeCpuMs!) }),
          },
        ];
      }),
    );
    return {
      summary: [
        ...(bundled
          ? []
          : ['the bundle is stale or missing: this measures the unbundled build (npm run build)']),
        `node -e 0: ${Math.round(nodeMs)} ms wall${nodeCpuMs === null ? '' : `, ${Math.round(nodeCpuMs)} ms CPU`} (median of ${RUNS})`,
        ...Object.entries(results).map(
          ([name, result]) =>
            `${name.padEnd(20)} ${result.medianMs} ms  ${result.ratioToNode}x node` +
            ('cpuRatioToNode' in result ? `  (CPU ${result.medianCpuMs} ms, ${result.cpuRatioToNode}x)` : ''),
        ),
      ],
      results: {
        runs: RUNS,
        bundled,
        nodeMedianMs: Math.round(nodeMs),
        ...(nodeCpuMs === null ? {} : { nodeMedianCpuMs: Math.round(nodeCpuMs) }),
        commands: results,
      },
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};
