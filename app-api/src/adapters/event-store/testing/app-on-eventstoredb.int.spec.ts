/**
 * The whole app on the EventStoreDB path: the real server configured with
 * EVENTSTORE_CONNECTION_STRING (the in-process EventStoreDB test server, or a real one when the
 * variable is set), and the docker-compose health check run as written against it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.js';
import {
  apiClient,
  nextClientIp,
  PASSWORD,
  registerCustomer,
} from '../../../accounts/testing/account-fixtures.js';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server.js';

const run = promisify(execFile);

/** The app's health-check command from docker-compose.yml, pointed at `origin`. */
const composeHealthCheck = (origin: string): string => {
  const compose = fs.readFileSync(new URL('../../../../../docker-compose.yml', import.meta.url), 'utf8');
  const line = compose.split('\n').find((text) => text.includes("fetch('http"));
  if (!line) throw new Error('docker-compose.yml has no health check on /api/health');
  const command = /^\s*-\s*"(.*)"\s*$/.exec(line)?.[1];
  if (!command) throw new Error(`unexpected health-check line: ${line}`);
  return command.replace('http://127.0.0.1:3000', origin);
};

const exitCodeOf = (command: string) =>
  run(process.execPath, ['-e', command], { timeout: 20_000 }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );

describe('the app on EventStoreDB', () => {
  let esdb: EsdbTestServer | undefined;
  let app: TestServer;

  beforeAll(async () => {
    const connectionString =
      process.env.EVENTSTORE_CONNECTION_STRING ?? (esdb = await startEsdbTestServer()).connectionString;
    app = await startTestServer({ EVENTSTORE_CONNECTION_STRING: connectionString });
  });
  afterAll(async () => {
    await app?.close();
    await esdb?.close();
  });

  it('is healthy on the EventStoreDB store, and the compose health check says so', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as { status: string; store: { kind: string; ok: boolean } };
    expect(health.status).toBe('ok');
    expect(health.store).toMatchObject({ kind: 'eventstoredb', ok: true });

    expect(await exitCodeOf(composeHealthCheck(app.url))).toBe(0);
  });

  it('registers, erases the account, and the same email registers again (soft-deleted streams re-created)', async () => {
    const api = apiClient(app, { ip: nextClientIp() });
    const first = await registerCustomer(api);
    expect((await api.delete('/api/delete/account', { token: first.token })).status).toBe(200);
    expect(await app.backend.store.readStream(app.backend.reservations.email(first.email))).toEqual([]);
    expect((await api.post('/api/authenticate', { email: first.email, password: PASSWORD })).status).toBe(
      401,
    );

    const again = await api.post('/api/register', { ...first, token: undefined, firstname: 'Again' });
    expect(again.status).toBe(201);
    expect((await api.post('/api/authenticate', { email: first.email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('the compose health check fails where no app answers', async () => {
    expect(await exitCodeOf(composeHealthCheck('http://127.0.0.1:9'))).toBe(1);
  });
});
