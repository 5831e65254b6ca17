/**
 * The EventStoreDB test server runs as a process of its own (`npm run
 * esdb-test-server`), and two app servers, each with its own DATA_DIR, share it: what one writes
 * the other reads, and both hosts' read models converge on the one log.
 *
 * Personal data is sealed with per-stream keys in the writing host's key store, so until both
 * hosts share one (DATABASE_URL) host B cannot open A's customers' names or password hashes: it
 * can authenticate A's token (shared JWT secret) and find the email taken (shared reservation
 * secret), but a login on B waits for the shared key store (the two-host test).
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { getCatalogue } from '@stickwork/domain';
import {
  lessonHistoryProjection,
  practiceProgressProjection,
  practiceUsageProjection,
} from '@stickwork/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.js';
import { apiClient, registerCustomer, registration } from '../../../accounts/testing/account-fixtures.js';
import { startEsdbTestServerProcess, type EsdbTestServerProcess } from './esdb-test-server-process.js';

let esdb: EsdbTestServerProcess;
let hostA: TestServer;
let hostB: TestServer;

beforeAll(async () => {
  esdb = await startEsdbTestServerProcess();
  const shared = {
    EVENTSTORE_CONNECTION_STRING: esdb.connectionString,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RESERVATION_SECRET: randomBytes(32).toString('hex'),
  };
  hostA = await startTestServer(shared);
  hostB = await startTestServer(shared);
}, 60_000);
afterAll(async () => {
  await hostA?.close();
  await hostB?.close();
  await esdb?.stop();
});

/** Every projection of the host has folded the whole log. */
const caughtUp = async (host: TestServer) => {
  const last = await host.backend.store.lastPosition();
  expect(last).not.toBeNull();
  expect(await host.backend.projections.waitFor(last!, 10_000)).toBe(true);
  return last!;
};

describe('two app servers on one EventStoreDB test server process', () => {
  it('what one host writes the other reads, and both read models converge', async () => {
    expect(esdb.connectionString).toMatch(/^esdb:\/\/127\.0\.0\.1:\d+\?tls=false$/);
    const onA = apiClient(hostA);
    const onB = apiClient(hostB);
    const drummer = await registerCustomer(onA);

    // B reads A's reservation of the email: it cannot be registered twice.
    const again = await onB.post('/api/register', registration({ email: drummer.email }));
    expect(again.status).toBe(409);

    // A lesson counted on B is A's to read, and one counted on A is B's.
    expect((await onB.post('/api/usage', { usageType: 'lesson' }, { token: drummer.token })).status).toBe(
      201,
    );
    expect((await onA.post('/api/usage', { usageType: 'lesson' }, { token: drummer.token })).status).toBe(
      201,
    );
    await caughtUp(hostA);
    await caughtUp(hostB);
    const usageOnA = await onA.get('/api/usage', { token: drummer.token });
    const usageOnB = await onB.get('/api/usage', { token: drummer.token });
    expect(usageOnA.status).toBe(200);
    expect(usageOnB.json).toEqual(usageOnA.json);
    // Both lessons, one counted on each host, on either host.
    expect(usageOnA.json).toMatchObject({ lesson: { data_used: 2 } });

    // A warm-up played on each host, one named by the card's play id and one without (the spec's call).
    const warmUp = getCatalogue().find((lesson) => lesson.type === 'warm_up')!;
    const finished = {
      lessonId: warmUp.lesson_id,
      type: 'warm_up',
      ratingDifficulty: 'easy',
      skipLesson: false,
    };
    const finish = (host: typeof onA, body: object) =>
      host.post('/api/lesson/finishExercise', body, { token: drummer.token });
    expect((await finish(onB, { ...finished, playId: randomUUID() })).status).toBe(200);
    expect((await finish(onA, finished)).status).toBe(200);

    // The same log folded on each host: the same checkpoints and the same practice read models.
    const last = await caughtUp(hostA);
    expect(await caughtUp(hostB)).toBe(last);
    const folded = [practiceUsageProjection, practiceProgressProjection, lessonHistoryProjection];
    for (const { name } of folded) {
      expect(hostB.backend.readModels.checkpoint(name)).toBe(hostA.backend.readModels.checkpoint(name));
      expect(hostB.backend.readModels.list(name)).toEqual(hostA.backend.readModels.list(name));
    }
    expect(hostA.backend.readModels.list(lessonHistoryProjection.name)).toHaveLength(2);
  }, 60_000);
});

describe('npm run esdb-test-server', () => {
  const main = fileURLToPath(new URL('./esdb-test-server-main.ts', import.meta.url));
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), '--conditions=source', main, ...args],
        { timeout: 30_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );

  it('refuses a bad port and a port in use with one line and exit 1', async () => {
    const bad = await run(['--port', '70000']);
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toBe("esdb-test-server: --port must be a whole number from 0 to 65535, got '70000'\n");

    const port = new URL(esdb.connectionString.replace('esdb:', 'http:')).port;
    const used = await run(['--port', port]);
    expect(used).toMatchObject({ code: 1, stdout: '' });
    expect(used.stderr).toBe(`esdb-test-server: port ${port} on 127.0.0.1 is in use\n`);
  }, 60_000);
});
