/**
 * Throughput under load: autocannon against the built server in processes of its own, a single process
 * (WEB_CONCURRENCY=1) and a cluster of two workers (WEB_CONCURRENCY=2) side by side in one run:
 * - closed loop (saturating) at 32 and 64 connections: every read route and the practice writes, each
 *   as a ratio of GET /api/health's throughput on the same server (targets: reads ≥ 0.5 with p99 < 25 ms,
 *   writes ≥ 0.25), and the cluster's throughput as a ratio of the single process's (goal on two cores,
 *   the load generator included: ≥ 1.3x on the practice reads and writes);
 * - open loop: fixed offered rates of 500, 1,000 and 1,500 requests a second, evenly spaced over at
 *   most 64 keep-alive connections (open-loop.ts; autocannon's overallRate sends each second's quota
 *   in a burst), p50, p99 and p99.9 from when each request was due (goal: reads p99 < 25 ms in the
 *   cluster at 1,500/s). A saturated closed loop only measures queueing; this is the latency a
 *   customer sees at a given load.
 * The load generator (this process) runs pinned to the last CPU and a server to the others where
 * there are enough of them for its processes (`taskset`; on 2 cores the single process, not the
 * cluster's two workers); the report says which.
 * Beside them, SQLite's own single-row commit rate on this machine (raw-sqlite.ts), measured first in
 * the same run, and each practice write's share of it.
 * Sixty-four premium customers take turns, a request each; each `finish` is a new play of the lesson,
 * named by a play id as the web app names plays. Needs a build (`npm run build`).
 * BENCH_LOAD_SECONDS shortens each measurement (default 5).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { getCatalogue } from '@stickwork/domain';
import type { BenchReport } from './bench.js';
import { premiumCustomer, startBenchServer, type BenchServer } from './bench-server.js';
import { openLoop as runOpenLoop } from './open-loop.js';
import { rawSqliteCommitsPerSecond } from './raw-sqlite.js';

const PORT = Number(process.env.BENCH_PORT ?? 3206);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONNECTIONS = [32, 64] as const;

export interface Route {
  name: string;
  kind: 'baseline' | 'read' | 'write';
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Each request a new play of the lesson, named by an id of its own as the web app names it. */
  newPlayEachRequest?: boolean;
}

/** The route's JSON body for one request (a new play id where the route plays anew each time). */
export const requestBody = (route: Route): string | undefined =>
  route.body === undefined
    ? undefined
    : JSON.stringify(route.newPlayEachRequest ? { ...route.body, playId: randomUUID() } : route.body);

const lesson = getCatalogue().find(
  (exercise) => exercise.type === 'exercise' && exercise.focus === 'timing',
)!;
export const ROUTES: Route[] = [
  { name: 'health', kind: 'baseline', method: 'GET', path: '/api/health' },
  { name: 'progress', kind: 'read', method: 'GET', path: '/api/lesson/progress' },
  { name: 'usage', kind: 'read', method: 'GET', path: '/api/usage' },
  { name: 'focus', kind: 'read', method: 'GET', path: '/api/focus' },
  { name: 'activity', kind: 'read', method: 'GET', path: '/api/practiceActivity' },
  {
    name: 'schedule',
    kind: 'write',
    method: 'POST',
    path: '/api/lesson/schedule',
    body: {
      skillPreference: [{ focus: 'timing', level: 'beginner' }],
      practiceTime: 30,
      padSufficient: false,
    },
  },
  { name: 'count usage', kind: 'write', method: 'POST', path: '/api/usage', body: { usageType: 'lesson' } },
  {
    name: 'finish',
    kind: 'write',
    method: 'POST',
    path: '/api/lesson/finishExercise',
    body: {
      lessonId: lesson.lesson_id,
      type: lesson.type,
      ratingDifficulty: 'challenging',
      skipLesson: false,
    },
    newPlayEachRequest: true,
  },
];

export const load = (
  url: string,
  route: Route,
  connections: number,
  tokens: readonly string[],
  { seconds = SECONDS }: { seconds?: number } = {},
) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    let next = 0;
    autocannon(
      {
        url: `${url}${route.path}`,
        method: route.method,
        connections,
        duration: seconds,
        // The customers in turn, a request each.
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'x-auth-token': tokens[next++ % tokens.length]! },
              ...(route.newPlayEachRequest ? { body: requestBody(route) } : {}),
            }),
          },
        ],
        headers: {
          'time-zone': 'Europe/Berlin',
          ...(route.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(route.body ? { body: JSON.stringify(route.body) } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

const OPEN_LOOP_RATES = [500, 1_000, 1_500] as const;
const GOAL_RATE = 1_500;
// As many drummers as connections at most: a drummer has one request in flight at a time, so a write
// queues on its own stream's revision only behind another drummer's, as in real use (with 16, each
// stream had four writes in flight at 64 connections, and two processes retried each other's).
const CUSTOMERS = 64;
const OPEN_LOOP_CONNECTIONS = 64;
const SETUPS = [
  { name: 'single', processes: 1 },
  { name: 'cluster', processes: 2 },
] as const;
type Setup = (typeof SETUPS)[number]['name'];

interface Row {
  setup: Setup;
  route: string;
  kind: Route['kind'];
  connections: number;
  requestsPerSecond: number;
  ratioToHealth: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}
interface OpenLoopRow {
  setup: Setup;
  route: string;
  kind: Route['kind'];
  offeredPerSecond: number;
  servedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  errors: number;
}

interface Pinning {
  /** The CPU the load generator runs on, if pinned. */
  generator: number | undefined;
  /** The CPUs for a server of so many processes, if it can be kept off the generator's. */
  serverCpus(processes: number): string | undefined;
  release(): void;
}

/** The generator on the last CPU, servers on the rest where they fit (taskset, when installed). */
const pinGenerator = (): Pinning => {
  const cores = os.availableParallelism();
  const pin = (cpus: string) =>
    spawnSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' }).status === 0;
  if (cores < 2 || !pin(String(cores - 1)))
    return { generator: undefined, serverCpus: () => undefined, release: () => undefined };
  return {
    generator: cores - 1,
    serverCpus: (processes) => (cores - 1 >= processes ? `0-${cores - 2}` : undefined),
    release: () => void pin(`0-${cores - 1}`),
  };
};

const rounded = (value: number) => Math.round(value * 100) / 100;
const met = (goal: boolean) => (goal ? 'met' : 'NOT met');

export const run = async (): Promise<BenchReport> => {
  // Both servers run side by side (ports PORT and PORT + 1, a fresh DATA_DIR each) and every
  // measurement is taken on one right after the other, so a change in the machine's background load
  // during the run does not fall on one setup only. The idle one only renews its leases.
  // CUSTOMERS customers in turn drive every route, as many drummers do: one customer's writes queue on
  // its stream's revision. The per-customer practice-write limit is lifted (it would measure itself).
  const servers: { setup: Setup; server: BenchServer; tokens: string[] }[] = [];
  const rows: Row[] = [];
  const openLoop: OpenLoopRow[] = [];
  // SQLite's own commit rate on this machine, before any server runs: the ceiling of a write.
  const rawSqlite = rawSqliteCommitsPerSecond();
  const pinning = pinGenerator();
  const pinned: string[] = [];
  try {
    for (const [index, { name, processes }] of SETUPS.entries()) {
      const cpus = pinning.serverCpus(processes);
      pinned.push(`${name} on ${cpus === undefined ? 'any CPU' : `CPU ${cpus}`}`);
      const server = await startBenchServer(
        PORT + index,
        {
          PRACTICE_WRITES_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
          WEB_CONCURRENCY: String(processes),
        },
        cpus === undefined ? {} : { cpus },
      );
      const tokens: string[] = [];
      servers.push({ setup: name, server, tokens });
      for (let i = 0; i < CUSTOMERS; i++) tokens.push((await premiumCustomer(server)).token);
    }
    // Warm up (JIT, caches, the catalogue index) on every route before anything is measured; in the
    // cluster this also gives the second worker its start (it forks once the first one listens).
    for (const { server, tokens } of servers)
      for (const route of ROUTES) await load(server.url, route, 8, tokens, { seconds: 1 });
    for (const connections of CONNECTIONS) {
      const baseline = new Map<Setup, number>();
      for (const route of ROUTES)
        for (const { setup, server, tokens } of servers) {
          const result = await load(server.url, route, connections, tokens);
          const perSecond = result.requests.average;
          if (route.kind === 'baseline') baseline.set(setup, perSecond);
          rows.push({
            setup,
            route: route.name,
            kind: route.kind,
            connections,
            requestsPerSecond: perSecond,
            ratioToHealth: rounded(perSecond / baseline.get(setup)!),
            p50Ms: result.latency.p50,
            p99Ms: result.latency.p99,
            errors: result.errors + result.non2xx,
          });
        }
    }
    for (const rate of OPEN_LOOP_RATES)
      for (const route of ROUTES)
        for (const { setup, server, tokens } of servers) {
          const result = await runOpenLoop({
            url: server.url,
            method: route.method,
            path: route.path,
            headers: {
              'time-zone': 'Europe/Berlin',
              ...(route.body ? { 'content-type': 'application/json' } : {}),
            },
            ...(route.body ? { body: () => requestBody(route)! } : {}),
            rate,
            seconds: SECONDS,
            connections: OPEN_LOOP_CONNECTIONS,
            tokens,
          });
          openLoop.push({ setup, route: route.name, kind: route.kind, ...result });
        }
  } finally {
    for (const { server } of servers) await server.stop();
    pinning.release();
  }
  const clusterRatios = rows
    .filter((row) => row.setup === 'cluster')
    .map((cluster) => {
      const single = rows.find(
        (row) =>
          row.setup === 'single' && row.route === cluster.route && row.connections === cluster.connections,
      )!;
      return {
        route: cluster.route,
        kind: cluster.kind,
        connections: cluster.connections,
        clusterToSingle: rounded(cluster.requestsPerSecond / single.requestsPerSecond),
      };
    });
  const practice = clusterRatios.filter((ratio) => ratio.kind !== 'baseline');
  const practiceScaling = rounded(
    Math.exp(practice.reduce((sum, ratio) => sum + Math.log(ratio.clusterToSingle), 0) / practice.length),
  );
  const clusterReadsP99 = Math.max(
    ...openLoop
      .filter((row) => row.setup === 'cluster' && row.kind === 'read' && row.offeredPerSecond === GOAL_RATE)
      .map((row) => row.p99Ms),
  );
  const writesAt64 = rows.filter((row) => row.kind === 'write' && row.connections === 64);
  const writeShares = writesAt64.map((row) => ({
    setup: row.setup,
    route: row.route,
    requestsPerSecond: Math.round(row.requestsPerSecond),
    shareOfRawSqlite: Math.round((row.requestsPerSecond / rawSqlite) * 1000) / 10,
  }));
  const clusterWritesAt1500 = openLoop.filter(
    (row) => row.setup === 'cluster' && row.kind === 'write' && row.offeredPerSecond === GOAL_RATE,
  );
  const goals = {
    practiceScalingAtLeast1_3: practice.every((ratio) => ratio.clusterToSingle >= 1.3),
    clusterReadsP99Under25MsAt1500: clusterReadsP99 < 25,
    writesAtLeastHalfOfHealth: rows.every((row) => row.kind !== 'write' || row.ratioToHealth >= 0.5),
    clusterWritesAtLeast2000PerSecond: writesAt64
      .filter((row) => row.setup === 'cluster')
      .every((row) => row.requestsPerSecond >= 2_000 && row.errors === 0),
    clusterWritesP99Under50MsAt1500: clusterWritesAt1500.every((row) => row.p99Ms < 50 && row.errors === 0),
  };
  const targets = (row: Row) =>
    row.kind === 'read'
      ? row.ratioToHealth >= 0.5 && row.p99Ms < 25
      : row.kind === 'write'
        ? row.ratioToHealth >= 0.25
        : true;
  return {
    summary: [
      'closed loop: setup route (connections): requests/s, ratio to /api/health, p99 ms, errors',
      ...rows.map(
        (row) =>
          `${row.setup.padEnd(7)} ${row.route.padEnd(12)} (${row.connections}): ${Math.round(row.requestsPerSecond)}/s, ${row.ratioToHealth}x, p99 ${row.p99Ms} ms, ${row.errors} errors${targets(row) ? '' : '  (below target)'}`,
      ),
      'cluster / single throughput: route (connections)',
      ...clusterRatios.map(
        (ratio) =>
          `${ratio.route.padEnd(12)} (${ratio.connections}): ${ratio.clusterToSingle}x${ratio.kind !== 'baseline' && ratio.clusterToSingle < 1.3 ? '  (below 1.3x)' : ''}`,
      ),
      `practice reads and writes, geometric mean: ${practiceScaling}x`,
      `pinning: load generator on ${pinning.generator === undefined ? 'any CPU (taskset missing or one CPU)' : `CPU ${pinning.generator}`}; ${pinned.join(', ')}`,
      `open loop (${OPEN_LOOP_CONNECTIONS} connections): offered/s setup route: served/s, p50, p99, p99.9, errors`,
      ...openLoop.map(
        (row) =>
          `${String(row.offeredPerSecond).padStart(5)} ${row.setup.padEnd(7)} ${row.route.padEnd(12)}: ${Math.round(row.servedPerSecond)}/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, p99.9 ${row.p999Ms} ms, ${row.errors} errors`,
      ),
      `raw SQLite (WAL, synchronous = NORMAL, one row a transaction): ${rawSqlite} commits/s; practice writes at 64 connections, share of it:`,
      ...writeShares.map(
        (share) =>
          `${share.setup.padEnd(7)} ${share.route.padEnd(12)}: ${share.requestsPerSecond}/s, ${share.shareOfRawSqlite} %`,
      ),
      `goals: practice ≥ 1.3x ${goals.practiceScalingAtLeast1_3 ? 'met' : 'NOT met'}; cluster reads p99 < 25 ms at ${GOAL_RATE}/s ${goals.clusterReadsP99Under25MsAt1500 ? 'met' : `NOT met (${clusterReadsP99} ms)`}`,
      `goals: writes ≥ 0.5x health ${met(goals.writesAtLeastHalfOfHealth)}; cluster writes ≥ 2,000/s ${met(goals.clusterWritesAtLeast2000PerSecond)}; cluster writes p99 < 50 ms at ${GOAL_RATE}/s ${met(goals.clusterWritesP99Under50MsAt1500)}`,
    ],
    results: {
      seconds: SECONDS,
      rows,
      clusterRatios,
      practiceScaling,
      pinning: { generator: pinning.generator ?? null, servers: pinned },
      openLoop,
      rawSqliteCommitsPerSecond: rawSqlite,
      writeShares,
      goals,
      allWithinTargets: rows.every(targets),
    },
  };
};
