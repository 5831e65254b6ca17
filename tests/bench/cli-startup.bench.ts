/**
 * How long the operator CLI takes to answer, as a ratio to a bare `node -e 0` measured in the same
 * run: `--help` and the read commands on a small seeded store (issue 15 item 5: under 0.4 s). Runs
 * the built CLI (`npm run build` first), each command several times, and reports medians.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './bench.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'cli/bin/stickwork.js');
const RUNS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const timeRun = (args: string[], env: NodeJS.ProcessEnv): number => {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, cwd: root, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${args.join(' ')} exited ${String(result.status)}: ${result.stderr.slice(0, 500)}`);
  return ms;
};

export const run = (): BenchReport => {
  if (!fs.existsSync(path.join(root, 'cli/dist/main.js')))
    throw new Error('build the CLI first: npm run build');
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
    const baseline: number[] = [];
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
    // Interleaved, so a busy moment on the shared machine spreads over every command alike.
    for (let i = 0; i < RUNS; i++) {
      baseline.push(timeRun(['-e', '0'], env));
      for (const [name, args] of Object.entries(commands)) samples[name]!.push(timeRun([bin, ...args], env));
    }
    const nodeMs = median(baseline);
    const results = Object.fromEntries(
      Object.entries(samples).map(([name, values]) => {
        const ms = median(values);
        return [name, { medianMs: Math.round(ms), ratioToNode: Math.round((ms / nodeMs) * 10) / 10 }];
      }),
    );
    return {
      summary: [
        `node -e 0: ${Math.round(nodeMs)} ms (median of ${RUNS})`,
        ...Object.entries(results).map(
          ([name, { medianMs, ratioToNode }]) => `${name.padEnd(20)} ${medianMs} ms  ${ratioToNode}x node`,
        ),
      ],
      results: { runs: RUNS, nodeMedianMs: Math.round(nodeMs), commands: results },
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};
