import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { practiceStreamId } from '@stickwork/domain';
import { openStores } from '../adapters/event-store/open-event-store.js';
import { decodeJwtPayload, nextClientIp, registration } from '../accounts/testing/account-fixtures.js';
import {
  requestOnNewConnection,
  startServerProcess,
  until,
  type LogLine,
  type ServerProcess,
} from '../testing/server-process.js';

/**
 * Every core of one host: `node app-api/dist/main.js` (build first: `npx tsc -b`) with
 * WEB_CONCURRENCY=2 on a fresh DATA_DIR. Which worker answered a request is read from the request's log
 * line (its pid), matched by the x-request-id the test sends.
 */
const started: { server?: ServerProcess; dataDir: string }[] = [];
afterEach(() => {
  for (const { server, dataDir } of started.splice(0)) {
    if (server) for (const pid of [server.child.pid!, ...server.workerPids()]) kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

const kill = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
};
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const startCluster = async (env: Record<string, string> = {}) => {
  const entry: { server?: ServerProcess; dataDir: string } = {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cluster-')),
  };
  started.push(entry);
  entry.server = await startServerProcess({ WEB_CONCURRENCY: '2', DATA_DIR: entry.dataDir, ...env });
  return { server: entry.server, dataDir: entry.dataDir };
};

let requests = 0;
/** A request on a fresh connection, tagged so its log line (and the pid that answered) can be found. */
const call = (
  server: ServerProcess,
  method: string,
  pathAndQuery: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
) => {
  const requestId = `cluster-test-${++requests}`;
  return requestOnNewConnection(server.url, method, pathAndQuery, {
    body: options.body,
    headers: {
      'x-request-id': requestId,
      'time-zone': 'UTC',
      ...(options.token ? { 'x-auth-token': options.token } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
  }).then((response) => ({ ...response, requestId }));
};
/** The pid of the worker that answered (its request log line is written as the response ends). */
const answeredBy = async (server: ServerProcess, requestId: string): Promise<number> => {
  let line: LogLine | undefined;
  await until(`the log line of ${requestId}`, () => {
    line = server.log.find((entry) => (entry.req as { id?: string } | undefined)?.id === requestId);
    return line !== undefined;
  });
  return line!.pid;
};

const register = async (server: ServerProcess) => {
  const ip = nextClientIp();
  const response = await call(server, 'POST', '/api/register', { body: registration(), ip });
  expect(response.status).toBe(201);
  const token = (response.json as { token: string }).token;
  return { ip, token, customerId: decodeJwtPayload(token).customerId as string };
};

type Customer = Awaited<ReturnType<typeof register>>;
const lessonsPractised = async (server: ServerProcess, customer: Customer) => {
  const response = await call(server, 'GET', '/api/practiceActivity', customer);
  expect(response.status).toBe(200);
  return (response.json as { count: number }[]).reduce((sum, day) => sum + day.count, 0);
};
const dutyHolders = (server: ServerProcess, lease: string) =>
  server.log
    .filter((line) => line.lease === lease && line.msg === 'this process runs the background duty')
    .map((line) => line.pid);

describe('WEB_CONCURRENCY=2: two worker processes share the port', () => {
  it('both answer, and a write answered by one is read on the next request whichever answers', async () => {
    const { server } = await startCluster();
    expect(server.workerPids()).toHaveLength(2);
    const customer = await register(server);
    const crossings: string[] = [];
    // The weekly goal is a write every request appends (practice activity is credited by the clock).
    for (let daysPerWeek = 1; daysPerWeek <= 6; daysPerWeek++) {
      const write = await call(server, 'PUT', '/api/goal', { ...customer, body: { daysPerWeek } });
      expect(write.status).toBe(200);
      const read = await call(server, 'GET', '/api/goal', customer);
      expect(read.status).toBe(200);
      expect((read.json as { weeklyGoal: { daysPerWeek: number } }).weeklyGoal.daysPerWeek).toBe(daysPerWeek);
      const [writer, reader] = [
        await answeredBy(server, write.requestId),
        await answeredBy(server, read.requestId),
      ];
      if (writer !== reader) crossings.push(`${writer} -> ${reader}`);
    }
    const answering = new Set(
      server.log
        .filter((line) => String((line.req as { id?: string })?.id).startsWith('cluster-test-'))
        .map((line) => line.pid),
    );
    expect([...answering].sort()).toEqual(server.workerPids().sort());
    // Some write was read back on the other worker (each request is on a new connection: round robin).
    expect(crossings.length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a customer erased through one worker on every worker at once', async () => {
    const { server } = await startCluster();
    const customer = await register(server);
    const answers = async () => {
      const seen: { status: number; pid: number }[] = [];
      for (let i = 0; i < 2; i++) {
        const { status, requestId } = await call(server, 'GET', '/api/customer-info', customer);
        seen.push({ status, pid: await answeredBy(server, requestId) });
      }
      expect(new Set(seen.map(({ pid }) => pid)).size).toBe(2);
      return seen.map(({ status }) => status);
    };
    // Both workers have the customer in their authentication cache.
    expect(await answers()).toEqual([200, 200]);
    expect((await call(server, 'DELETE', '/api/delete/account', customer)).status).toBe(200);
    expect(await answers()).toEqual([401, 401]);
  }, 60_000);

  it('moves the test clock of every worker at once (STICKWORK_TEST_CLOCK, the e2e suite)', async () => {
    const { server } = await startCluster({ STICKWORK_TEST_CLOCK: '1' });
    const move = (advanceDays: number) => call(server, 'POST', '/api/test/clock', { body: { advanceDays } });
    expect((await move(3)).json).toMatchObject({ offsetDays: 3 });
    const seen: { offsetDays: number; pid: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const { json, requestId } = await move(0);
      seen.push({
        offsetDays: (json as { offsetDays: number }).offsetDays,
        pid: await answeredBy(server, requestId),
      });
    }
    expect(seen.map(({ offsetDays }) => offsetDays)).toEqual([3, 3, 3, 3]);
    expect(new Set(seen.map(({ pid }) => pid)).size).toBe(2);
  }, 60_000);

  it('replaces a worker killed with SIGKILL, and the service keeps answering meanwhile', async () => {
    const { server } = await startCluster();
    const [victim, survivor] = server.workerPids();
    kill(victim!, 'SIGKILL');
    await until('the primary to notice', () =>
      server.log.some(
        (line) => line.msg === 'a worker process died; starting another' && line.pid === server.child.pid,
      ),
    );
    for (let i = 0; i < 6; i++) expect((await call(server, 'GET', '/api/health')).status).toBe(200);
    await until('a replacement worker', () => {
      const pids = server.workerPids();
      return pids.length === 2 && pids.includes(survivor!) && !pids.includes(victim!);
    });
    const replacement = server.workerPids().find((pid) => pid !== survivor)!;
    await until('the replacement to answer', async () => {
      const { requestId } = await call(server, 'GET', '/api/health');
      return (await answeredBy(server, requestId)) === replacement;
    });
  }, 60_000);

  it('hands the projections and the sweeps over within seconds when their holder is killed', async () => {
    const { server, dataDir } = await startCluster();
    const customer = await register(server);
    const holder = dutyHolders(server, 'projections')[0]!;
    expect(dutyHolders(server, 'sweeps')).toEqual([holder]);
    kill(holder, 'SIGKILL');
    await until(
      'another process to take both leases',
      () =>
        dutyHolders(server, 'projections').some((pid) => pid !== holder) &&
        dutyHolders(server, 'sweeps').some((pid) => pid !== holder),
      15_000,
    );
    // Appended by another process (as a second host, or the CLI, would), without folding it: only the
    // projection runner brings it into the read models the workers serve.
    const stores = await openStores({ dataDir, eventStoreConnectionString: undefined });
    try {
      await stores.store.appendToStream(practiceStreamId(customer.customerId), [
        {
          type: 'PracticeActivityRecorded',
          data: { day: new Date().toISOString().slice(0, 10), lessons: 3, minutes: 15 },
          metadata: { schemaVersion: 1, time: new Date().toISOString() },
        },
      ]);
    } finally {
      await stores.close();
    }
    await until(
      'the read models to follow the log',
      async () => (await lessonsPractised(server, customer)) === 3,
    );
  }, 60_000);

  it('on SIGTERM stops accepting, finishes the request in flight, and exits 0', async () => {
    const { server } = await startCluster();
    const customer = await register(server);
    // A write whose body is still to come: the worker has its headers (it answered 100 Continue), so it
    // is certainly in flight when SIGTERM comes.
    const body = JSON.stringify({ daysPerWeek: 2 });
    let answer = '';
    const inFlight = http.request(`${server.url}/api/goal`, {
      method: 'PUT',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        expect: '100-continue',
        'x-auth-token': customer.token,
        'x-forwarded-for': customer.ip,
        'time-zone': 'UTC',
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inFlight.on('response', (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (answer += chunk));
        response.on('end', () => resolve(response.statusCode!));
      });
      inFlight.on('error', reject);
    });
    await new Promise((resolve) => inFlight.once('continue', resolve).flushHeaders());
    server.child.kill('SIGTERM');
    await until('the port to stop accepting', () => refusesConnections(server.url));
    inFlight.end(body);
    expect(await answered).toBe(200);
    expect(answer).toContain('"daysPerWeek":2');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  /**
   * Whether the port refuses a TCP connection. A connection it accepts is closed at once, before any
   * request: a probe request handed to a draining worker could wait for the drain's end itself.
   */
  const refusesConnections = (url: string) =>
    new Promise<boolean>((resolve) => {
      const { hostname, port } = new URL(url);
      const socket = net.connect({ host: hostname, port: Number(port) });
      socket.setTimeout(1_000, () => socket.destroy());
      socket.once('connect', () => socket.destroy());
      socket.once('close', () => resolve(false));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });

  it('a worker whose primary is killed stops too', async () => {
    const { server } = await startCluster();
    const workers = server.workerPids();
    server.child.kill('SIGKILL');
    await until('the workers to exit', () => workers.every((pid) => !isRunning(pid)), 20_000);
  }, 60_000);
});

describe('WEB_CONCURRENCY start-up failures: one line on stderr, exit 1', () => {
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cluster-'));
    started.push({ dataDir: dir });
    return dir;
  };

  it.each([
    ['0', 'Stickwork could not start: Configuration error: WEB_CONCURRENCY must be at least 1'],
    [
      'two',
      'Stickwork could not start: Configuration error: WEB_CONCURRENCY must be a whole number of worker processes',
    ],
  ])('WEB_CONCURRENCY=%s', async (value, line) => {
    const failed = startServerProcess({ WEB_CONCURRENCY: value, DATA_DIR: dataDir() }, () => false);
    await expect(failed).rejects.toThrow(`the server exited: ${line}\n`);
  });

  it('a port already in use stops the primary (the first worker cannot listen)', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    try {
      const { port } = taken.address() as net.AddressInfo;
      const failed = startServerProcess(
        { WEB_CONCURRENCY: '2', DATA_DIR: dataDir(), PORT: String(port) },
        () => false,
      );
      await expect(failed).rejects.toThrow(
        `the server exited: Stickwork could not start: cannot listen on port ${port}: the port is already in use (EADDRINUSE)\n`,
      );
    } finally {
      taken.close();
    }
  });

  it('workers that keep dying at start: the primary gives up with their one line and exit 1', async () => {
    const { server, dataDir: dir } = await startCluster();
    // The signing key's file turns into a directory: a new worker cannot start any more.
    const secret = path.join(dir, 'secrets', 'jwt-secret');
    fs.rmSync(secret);
    fs.mkdirSync(secret);
    kill(server.workerPids()[0]!, 'SIGKILL');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.stderr()).toBe(
      `Stickwork could not start: the secret file ${secret} cannot be read: it is a directory (EISDIR)\n`,
    );
    expect(
      server.log.filter((line) => line.msg === 'a worker process could not start; trying again'),
    ).toHaveLength(4);
  }, 60_000);
});
