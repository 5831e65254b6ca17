import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { customerStreamId, practiceStreamId, UNFINISHED_BOOKING_MINUTES } from '@stickwork/domain';
import { ALL_PROJECTIONS, foldProjection } from '@stickwork/projections';
import {
  addTeacher,
  createBackend,
  loadConfig,
  openStores,
  setTeacherAvailability,
  settleTeacherBookings,
} from '@stickwork/app-api';
import {
  apiClient,
  decodeJwtPayload,
  freePort,
  nextClientIp,
  registration,
  runCustomerCommand,
  until,
} from '@stickwork/app-api/testing';

/**
 * The reliability suite's crash rounds: the real server (its own process, loopback only, with
 * WEB_CONCURRENCY=2: a primary and two workers) takes a small mixed write load (registrations, usage,
 * evaluations, self-ratings, activity) and is killed with SIGKILL mid-load, once per round: a worker
 * (the first, which holds the duties' leases; the primary replaces it and the server keeps serving),
 * the primary alone (its workers finish what is in flight and exit), and the primary with every worker
 * at once; after the last two it is restarted on the same DATA_DIR. Every write the server acknowledged
 * (2xx) must be in the store afterwards, and at the end the read models must equal a fresh fold of the log.
 */
const ROUNDS = ['a worker', 'the primary', 'the primary and every worker'] as const;
type Victim = (typeof ROUNDS)[number];
const ACKS_BEFORE_KILL = 24;
const WORKERS = 4;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-sigkill-'));
let child: ChildProcess | undefined;

/** Every server started, so a failed round leaves none behind (its workers exit with their primary). */
const spawned: ChildProcess[] = [];
afterAll(() => {
  for (const server of spawned) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** How long a server may take to come back or catch up here (a loaded CI machine, a restart). */
const RECOVERY_MS = 90_000;

const startServer = async (env: Record<string, string> = {}) => {
  const port = await freePort();
  const stderr: string[] = [];
  // tsx as a loader of this very process (not the tsx command, whose child would outlive a
  // SIGKILL of its parent): the kill reaches the server itself.
  child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'app-api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  // Every worker serving (the primary says so), or a single process running: a kill round then finds
  // the service on more than the worker it kills.
  let serving = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const single = line.includes('"msg":"Stickwork is running at') && !line.includes('"workers":');
    serving ||= single || line.includes('"msg":"every worker process is serving"');
  });
  const url = `http://127.0.0.1:${port}`;
  await until(
    `the server on ${url} (${stderr.join('')})`,
    async () => serving && (await fetch(`${url}/api/health`)).ok,
    RECOVERY_MS,
  );
  return url;
};

/** The primary's worker processes, first forked first. */
const workerPids = () =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(child!.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(Number)
    .sort((a, b) => a - b);

/** Kills `victim` with SIGKILL: a worker is replaced by the primary; the primary gone, nothing serves. */
const kill = async (url: string, victim: Victim): Promise<void> => {
  const workers = workerPids();
  if (victim === 'a worker') {
    process.kill(workers[0]!, 'SIGKILL');
    await until(
      'the primary to replace the killed worker',
      async () => {
        const now = workerPids();
        return now.length === 2 && !now.includes(workers[0]!);
      },
      RECOVERY_MS,
    );
    return;
  }
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child!.kill('SIGKILL');
  if (victim === 'the primary and every worker') for (const pid of workers) process.kill(pid, 'SIGKILL');
  await exited;
  child = undefined;
  // Nothing answers there any more: the primary, which held the port, is gone.
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();
};

const killServer = (url: string) => kill(url, 'the primary and every worker');

interface Customer {
  customerId: string;
  token: string;
  ip: string;
}
/** An acknowledged write: at least `count` events of `type` on `stream`. */
type Acked = Map<string, number>;
const ackKey = (stream: string, type: string) => `${stream} ${type}`;

const customers: Customer[] = [];
const acked: Acked = new Map();
const ack = (stream: string, type: string) =>
  acked.set(ackKey(stream, type), (acked.get(ackKey(stream, type)) ?? 0) + 1);

/** One random write of the mixed load; answers whether it was acknowledged. */
const oneWrite = async (url: string, step: number): Promise<boolean> => {
  const server = { url };
  if (customers.length < 3 || step % 6 === 0) {
    const ip = nextClientIp();
    const response = await apiClient(server, { ip }).post('/api/register', registration());
    if (response.status !== 201) return false;
    const token = (response.json as { token: string }).token;
    const customerId = decodeJwtPayload(token).customerId as string;
    customers.push({ customerId, token, ip });
    ack(customerStreamId(customerId), 'CustomerRegistered');
    return true;
  }
  const customer = customers[step % customers.length]!;
  const api = apiClient(server, { ip: customer.ip, token: customer.token, headers: { 'time-zone': 'UTC' } });
  const practice = practiceStreamId(customer.customerId);
  switch (step % 4) {
    case 0: {
      const response = await api.post('/api/usage', { usageType: 'lesson' });
      if (response.status !== 201) return false;
      ack(practice, 'UsageIncremented');
      return true;
    }
    case 1: {
      const response = await api.post('/api/focus', {
        skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }],
      });
      if (response.status !== 200) return false;
      ack(practice, 'SkillsSelfRated');
      return true;
    }
    case 2: {
      const response = await api.post('/api/lesson/finishExercise', {
        lessonId: 10005,
        type: 'warm_up',
        ratingDifficulty: 'easy',
        skipLesson: false,
      });
      if (response.status !== 200) return false;
      ack(practice, 'LessonEvaluated');
      return true;
    }
    default: {
      // A write every request appends (practice activity is credited by the practice clock).
      const response = await api.request('PUT', '/api/goal', { daysPerWeek: 4 });
      if (response.status !== 200) return false;
      ack(practice, 'WeeklyGoalSet');
      return true;
    }
  }
};

/**
 * A connection the cluster's primary is handing to a worker at the instant that worker is killed is
 * never answered: node's cluster neither gives it to another worker nor closes it, so the client waits
 * until its own timeout (fetch: 300 s). Such a write never reached a worker; it counts as not acknowledged.
 */
const UNANSWERED_AFTER_MS = 15_000;
const answeredWithin = <T>(request: Promise<T>): Promise<T> =>
  Promise.race([
    request,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('no answer')), UNANSWERED_AFTER_MS).unref(),
    ),
  ]);

/**
 * A GET after a kill, sent again once if it went out on a kept-alive connection the killed process
 * had held (fetch reuses pooled sockets; one whose server died fails as "other side closed"), as a
 * browser sends an idempotent request again. Its answer is then the restarted server's.
 */
const onFreshConnection = async <T>(request: () => Promise<T>): Promise<T> => {
  try {
    return await request();
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code;
    if (code !== 'UND_ERR_SOCKET') throw error;
    return request();
  }
};

/**
 * Clients write until the kill; it comes after enough acknowledgements. Answers the URL that serves
 * afterwards: the same, or a server started again on the DATA_DIR.
 */
const loadThenKill = async (url: string, victim: Victim): Promise<string> => {
  let acks = 0;
  let step = 0;
  let dead = false;
  const worker = async () => {
    while (!dead) {
      try {
        if (await answeredWithin(oneWrite(url, step++))) acks += 1;
      } catch {
        // The connection died with the server, or was never answered: that write was never acknowledged.
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  await until('enough acknowledged writes', async () => acks >= ACKS_BEFORE_KILL, 120_000);
  await kill(url, victim);
  dead = true;
  await Promise.all(workers);
  return victim === 'a worker' ? url : startServer();
};

const storedCounts = async () => {
  const { store, close } = await openStores(
    { dataDir, eventStoreConnectionString: undefined },
    { readonly: true },
  );
  try {
    const counts = new Map<string, number>();
    for (const event of await store.readAll())
      counts.set(
        ackKey(event.streamId, event.type),
        (counts.get(ackKey(event.streamId, event.type)) ?? 0) + 1,
      );
    return counts;
  } finally {
    await close();
  }
};

describe('SIGKILL during a mixed write load', () => {
  it(`keeps every acknowledged write when killing ${ROUNDS.join(', then ')}, and the read models equal a rebuild`, async () => {
    let url = await startServer();
    for (const [index, victim] of ROUNDS.entries()) {
      const round = `${index + 1} (${victim})`;
      url = await loadThenKill(url, victim);
      const stored = await storedCounts();
      for (const [key, count] of acked)
        expect(stored.get(key) ?? 0, `round ${round}: ${key}`).toBeGreaterThanOrEqual(count);
      // The restarted server serves the customers it acknowledged.
      for (const customer of customers) {
        const info = await onFreshConnection(() =>
          apiClient({ url }, { ip: customer.ip, token: customer.token }).get('/api/customer-info'),
        );
        expect(info.status, `round ${round}: ${customer.customerId}`).toBe(200);
      }
    }
    expect(acked.size).toBeGreaterThan(5);

    // The projections catch up on the restarted server; then it stops and the read models are compared.
    await until(
      'the projections to catch up',
      async () => {
        const health = (await (await fetch(`${url}/api/health`)).json()) as { projections: { lag: number } };
        return health.projections.lag === 0;
      },
      RECOVERY_MS,
    );
    await killServer(url);
    const backend = await createBackend(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      logger: pino({ level: 'silent' }),
    });
    try {
      const log = await backend.store.readAll();
      for (const projection of ALL_PROJECTIONS) {
        const live = new Map(backend.readModels.list(projection.name).map(({ key, state }) => [key, state]));
        expect(live, projection.name).toEqual(foldProjection(projection, log));
      }
    } finally {
      await backend.close();
    }
  }, 400_000);
});

describe('SIGKILL between the two appends of a teacher booking', () => {
  it('leaves the credit held without a lesson; the sweep returns it and the customer books again', async () => {
    // The operator's side (teacher, plan) and the sweep run here, on the same DATA_DIR, with a
    // clock this test moves on: the sweep returns a credit only after some minutes.
    let now = Date.now();
    const backend = await createBackend(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      logger: pino({ level: 'silent' }),
      clock: () => new Date(now),
    });
    try {
      await addTeacher(backend, {
        teacherId: 'kit',
        name: 'Kit Kick',
        email: 'kit@example.com',
        timeZone: 'UTC',
      });
      const daily = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '12:00' }));
      await setTeacherAvailability(backend, 'kit', daily);

      // The server kills itself right after the credit's append (a test-only fault point).
      // One process: the fault kills the process that serves, which must then be started again.
      let url = await startServer({ STICKWORK_FAULT: 'after-credit-taken', WEB_CONCURRENCY: '1' });
      const ip = nextClientIp();
      const registered = await apiClient({ url }, { ip }).post('/api/register', registration());
      const token = (registered.json as { token: string }).token;
      const customerId = decodeJwtPayload(token).customerId as string;
      await runCustomerCommand(backend, customerId, {
        type: 'StartSubscription',
        data: {
          tier: 'exclusive',
          period: 'yearly',
          status: 'active',
          currentPeriodEnd: new Date(now + 300 * 86_400_000).toISOString(),
        },
      });
      const api = (at: string) => apiClient({ url: at }, { ip, token, headers: { 'time-zone': 'UTC' } });
      type View = {
        quartersUsed: string[];
        teachers: { teacherId: string; slots: { startsAt: string; quarter: string }[] }[];
        bookings: unknown[];
      };
      const view = async (at: string) => {
        const response = await api(at).get('/api/teacher-lessons');
        return response.status === 200 ? (response.json as View) : null;
      };
      await until('the exclusive plan on the server', async () => (await view(url)) !== null, RECOVERY_MS);
      const slot = (await view(url))!.teachers.find((teacher) => teacher.teacherId === 'kit')!.slots[2]!;
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child!.once('exit', (_code, signal) => resolve(signal)),
      );
      await expect(
        api(url).post('/api/teacher-lessons', { teacherId: 'kit', startsAt: slot.startsAt }),
      ).rejects.toThrow();
      expect(await exited).toBe('SIGKILL');
      child = undefined;

      url = await startServer();
      await until(
        'the held credit on the restarted server',
        async () => {
          const seen = await view(url);
          return seen?.quartersUsed.includes(slot.quarter) === true;
        },
        RECOVERY_MS,
      );
      expect((await view(url))!.bookings).toEqual([]);
      // The sweep the server runs every minute, once the credit has been held long enough.
      now = Date.now() + UNFINISHED_BOOKING_MINUTES * 60_000;
      expect(await settleTeacherBookings(backend)).toBe(1);
      expect(await settleTeacherBookings(backend)).toBe(0);
      const credits = (await backend.store.readStream(`lesson-credits-${customerId}`)).map((e) => e.type);
      expect(credits).toEqual(['LessonCreditUsed', 'LessonCreditReturned']);
      await until(
        'the returned credit on the server',
        async () => {
          const seen = await view(url);
          return seen?.quartersUsed.includes(slot.quarter) === false;
        },
        RECOVERY_MS,
      );
      const booked = await api(url).post('/api/teacher-lessons', {
        teacherId: 'kit',
        startsAt: slot.startsAt,
      });
      expect(booked.status, booked.text).toBe(201);
      await killServer(url);
    } finally {
      await backend.close();
    }
  }, 200_000);
});
