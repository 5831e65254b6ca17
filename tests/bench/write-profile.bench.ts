/**
 * Where a practice write's CPU goes (issue 37): a single server process under `--cpu-prof`, the
 * `finish` write (POST /api/lesson/finishExercise; BENCH_WRITE_ROUTE names another of http-load's
 * routes, e.g. `count usage`) at 64 connections for BENCH_LOAD_SECONDS (default 10), then the
 * profile's self time by function and by area (SQLite, JSON, tokens, logging, HTTP, the domain's
 * fold). The load generator is pinned away from the server where taskset allows.
 * Needs a build (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchReport } from './bench.js';
import { premiumCustomer, startBenchServer } from './bench-server.js';
import { load, ROUTES } from './http-load.bench.js';

const PORT = Number(process.env.BENCH_PORT ?? 3216);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CUSTOMERS = 64;
const ROUTE = process.env.BENCH_WRITE_ROUTE ?? 'finish';
const KEPT_PROFILE = path.join(import.meta.dirname, 'results', 'write-profile.cpuprofile');
/** The end of the profile left out: the server's stop after the load (SIGTERM, a graceful close). */
const SHUTDOWN_MICROS = 300_000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Areas by where a frame's code lives; the first that matches names it. */
const AREAS: [string, RegExp][] = [
  ['SQLite (better-sqlite3 and its adapters)', /better-sqlite3|sqlite/i],
  ['tokens and ids (jose, node:crypto)', /jose|jwt|argon|crypto/i],
  ['logging (pino)', /pino/],
  [
    'HTTP (express and its middleware, node:http, zod)',
    /express|body-parser|_http|node:net|router|zod|raw-body|on-finished|finalhandler|helmet|cors|compression|ipaddr|forwarded|proxy-addr/,
  ],
  ['the domain (deciders, folds, projections)', /\/(domain|projections)\//],
  ['the app (services, routes)', /app-api\//],
  ['Node internals', /^node:/],
];

const areaOf = (node: ProfileNode) => {
  const { functionName, url } = node.callFrame;
  if (url === '') return functionName === '(garbage collector)' ? 'garbage collection' : 'native (other)';
  for (const [area, pattern] of AREAS) if (pattern.test(url)) return area;
  return 'other libraries';
};

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/(app-api|domain|projections)\//, '$1/');

export const run = async (): Promise<BenchReport> => {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-write-profile-'));
  const cpus = os.availableParallelism() > 1 ? `0-${os.availableParallelism() - 2}` : undefined;
  const server = await startBenchServer(
    PORT,
    { PRACTICE_WRITES_PER_MINUTE: String(Number.MAX_SAFE_INTEGER), WEB_CONCURRENCY: '1' },
    { nodeArguments: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`], ...(cpus ? { cpus } : {}) },
  );
  const route = ROUTES.find(({ name }) => name === ROUTE);
  if (!route)
    throw new Error(`BENCH_WRITE_ROUTE: no route "${ROUTE}" (${ROUTES.map(({ name }) => name).join(', ')})`);
  let requestsPerSecond = 0;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) tokens.push((await premiumCustomer(server)).token);
    await load(server.url, route, 8, tokens, { seconds: 2 });
    requestsPerSecond = (await load(server.url, route, 64, tokens, { seconds: SECONDS })).requests.average;
  } finally {
    await server.stop();
  }
  const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${profileDir}`);
  // Kept beside the results, for Chrome DevTools' Performance panel (callers, call trees).
  fs.copyFileSync(path.join(profileDir, file), KEPT_PROFILE);
  const profile = JSON.parse(fs.readFileSync(KEPT_PROFILE, 'utf8')) as CpuProfile;
  fs.rmSync(profileDir, { recursive: true, force: true });

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // The profile spans the whole process (start-up, the customers' registration): only the samples of
  // the measured load count, the SECONDS before the last SHUTDOWN_MICROS of it (the server's stop).
  const times: number[] = [];
  for (const delta of profile.timeDeltas) times.push((times.at(-1) ?? 0) + delta);
  const end = times.at(-1)! - SHUTDOWN_MICROS;
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    if (times[index]! <= end - SECONDS * 1e6 || times[index]! > end) return;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);
  const busy = [...selfMicros].filter(([id]) => byId.get(id)!.callFrame.functionName !== '(idle)');
  const busyTotal = busy.reduce((sum, [, micros]) => sum + micros, 0);
  const percent = (micros: number) => Math.round((micros / busyTotal) * 1000) / 10;

  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const [id, micros] of busy) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    const area = areaOf(node);
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
  }
  const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20);
  const areas = [...byArea].sort((a, b) => b[1] - a[1]);
  const writes = Math.round(requestsPerSecond * SECONDS);
  return {
    summary: [
      `${ROUTE} at 64 connections, single process${cpus ? ` on CPU ${cpus}` : ''}: ${Math.round(requestsPerSecond)}/s over ${SECONDS} s`,
      `the load's ${Math.round(total / 1000)} ms profiled, busy ${Math.round(busyTotal / 1000)} ms: about ${Math.round(busyTotal / Math.max(writes, 1))} µs of CPU a write`,
      'self time by area, % of busy:',
      ...areas
        .filter(([, micros]) => percent(micros) >= 0.5)
        .map(([area, micros]) => `  ${percent(micros).toString().padStart(5)} %  ${area}`),
      'top functions by self time, % of busy:',
      ...top.map(([name, micros]) => `  ${percent(micros).toString().padStart(5)} %  ${name}`),
    ],
    results: {
      seconds: SECONDS,
      requestsPerSecond,
      busyMs: busyTotal / 1000,
      areas: areas.map(([area, micros]) => ({ area, percent: percent(micros) })),
      top: top.map(([name, micros]) => ({ name, percent: percent(micros) })),
    },
  };
};
