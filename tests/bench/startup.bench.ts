/**
 * How soon the built server answers: `node app-api/dist/main.js` on a fresh, small DATA_DIR, from
 * spawn to the first 200 of GET /api/health (polled every 10 ms), compared with a bare Node HTTP
 * server started the same way in the same run. Needs a build (`npm run build` or `npx tsc -b`).
 * The goal: the first answer within 0.8 s of start.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { statsOf, type BenchReport } from './bench.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 7);
let nextPort = 3206;

const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT))`;

/**
 * CPU milliseconds (user + system) a process has used so far, from /proc (Linux): unlike wall
 * time it does not grow when other work on the machine takes the cores. NaN elsewhere.
 */
const cpuMsOf = (pid: number | undefined): number => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
  } catch {
    return Number.NaN;
  }
};

/** Milliseconds from spawn to the first 200 at `url`, wall and the server's CPU. */
const timeToFirstAnswer = async (args: string[], env: Record<string, string>, urlPath: string) => {
  const port = nextPort++;
  if (nextPort > 3299) nextPort = 3206;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-bench-start-'));
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}${urlPath}`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return { wallMs: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: cpuMsOf(child.pid) };
      if (Number(process.hrtime.bigint() - start) > 30e9) throw new Error('no answer within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGKILL');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

export const run = async (): Promise<BenchReport> => {
  const main = path.join(root, 'app-api/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('Build first: npx tsc -b');
  const server: { wallMs: number; cpuMs: number }[] = [];
  const bare: { wallMs: number; cpuMs: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    server.push(await timeToFirstAnswer([main], {}, '/api/health'));
    bare.push(await timeToFirstAnswer(['-e', BARE_SERVER], {}, '/'));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const serverStats = statsOf(server.map(({ wallMs }) => wallMs * 1000));
  const bareStats = statsOf(bare.map(({ wallMs }) => wallMs * 1000));
  const serverMs = serverStats.medianMicros / 1000;
  const bareMs = bareStats.medianMicros / 1000;
  const serverCpuMs = median(server.map(({ cpuMs }) => cpuMs));
  const bareCpuMs = median(bare.map(({ cpuMs }) => cpuMs));
  const ratio = Math.round((serverMs / bareMs) * 100) / 100;
  return {
    summary: [
      `first answer: server ${serverMs.toFixed(0)} ms, bare node http ${bareMs.toFixed(0)} ms (ratio ${ratio}; target ≤ 800 ms)`,
      `CPU used until then: server ${serverCpuMs.toFixed(0)} ms, bare node http ${bareCpuMs.toFixed(0)} ms (not inflated by other work on the machine)`,
    ],
    results: {
      runs: RUNS,
      firstAnswerMs: serverMs,
      bareNodeMs: bareMs,
      ratio,
      serverCpuMs,
      bareNodeCpuMs: bareCpuMs,
      server: serverStats,
      bare: bareStats,
    },
  };
};
