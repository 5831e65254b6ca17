/**
 * Throughput under load: autocannon against the built server in its own process, 32 and
 * 64 connections, every read route and the practice writes, each as a ratio of GET /api/health's
 * throughput on the same server in the same run (targets: reads ≥ 0.5 with p99 < 25 ms, writes
 * ≥ 0.25). Needs a build (`npm run build`).
 */
import autocannon from 'autocannon';
import { getCatalogue } from '@stickwork/domain';
import type { BenchReport } from './bench.js';
import { premiumCustomer, startBenchServer } from './bench-server.js';

const PORT = Number(process.env.BENCH_PORT ?? 3206);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const CONNECTIONS = [32, 64] as const;

interface Route {
  name: string;
  kind: 'baseline' | 'read' | 'write';
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const lesson = getCatalogue().find(
  (exercise) => exercise.type === 'exercise' && exercise.focus === 'timing',
)!;
const ROUTES: Route[] = [
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
  },
];

const load = (url: string, route: Route, connections: number, token: string, seconds = SECONDS) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${url}${route.path}`,
        method: route.method,
        connections,
        duration: seconds,
        headers: {
          'x-auth-token': token,
          'time-zone': 'Europe/Berlin',
          ...(route.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(route.body ? { body: JSON.stringify(route.body) } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

export const run = async (): Promise<BenchReport> => {
  // One customer drives every route: the per-customer practice-write limit would measure itself.
  const server = await startBenchServer(PORT, {
    PRACTICE_WRITES_PER_MINUTE: String(Number.MAX_SAFE_INTEGER),
  });
  const rows: Record<string, unknown>[] = [];
  try {
    const { token } = await premiumCustomer(server);
    // Warm up (JIT, caches, the catalogue index) on every route before anything is measured.
    for (const route of ROUTES) await load(server.url, route, 8, token, 1);
    for (const connections of CONNECTIONS) {
      let baseline = Number.NaN;
      for (const route of ROUTES) {
        const result = await load(server.url, route, connections, token);
        const perSecond = result.requests.average;
        if (route.kind === 'baseline') baseline = perSecond;
        rows.push({
          route: route.name,
          kind: route.kind,
          connections,
          requestsPerSecond: perSecond,
          ratioToHealth: Math.round((perSecond / baseline) * 100) / 100,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          errors: result.errors + result.non2xx,
        });
      }
    }
  } finally {
    await server.stop();
  }
  const targets = (row: Record<string, unknown>) =>
    row.kind === 'read'
      ? Number(row.ratioToHealth) >= 0.5 && Number(row.p99Ms) < 25
      : row.kind === 'write'
        ? Number(row.ratioToHealth) >= 0.25
        : true;
  return {
    summary: [
      'route (connections): requests/s, ratio to /api/health, p99 ms, errors',
      ...rows.map(
        (row) =>
          `${String(row.route).padEnd(12)} (${row.connections}): ${Math.round(Number(row.requestsPerSecond))}/s, ${row.ratioToHealth}x, p99 ${row.p99Ms} ms, ${row.errors} errors${targets(row) ? '' : '  (below target)'}`,
      ),
    ],
    results: { seconds: SECONDS, rows, allWithinTargets: rows.every(targets) },
  };
};
