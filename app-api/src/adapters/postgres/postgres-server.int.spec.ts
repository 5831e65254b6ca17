import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import pg from 'pg';
import { pino } from 'pino';
import { customerStreamId } from '@stickwork/domain';
import { startTestServer, type TestServer } from '../../testing/test-server.js';
import { newTestDatabase, SHARED_HOST_SECRETS } from '../../testing/test-postgres.js';
import { freePort } from '../../testing/server-process.js';
import {
  createPostgresCluster,
  createTestDatabase,
  destroyPostgresCluster,
  startPostgresServer,
  stopPostgresServer,
  type PostgresClusterInfo,
} from '../../testing/postgres-cluster.js';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  PASSWORD,
  registerCustomer,
  registration,
} from '../../accounts/testing/account-fixtures.js';
import { sqliteFileIn } from '../event-store/open-event-store.js';
import { loadConfig } from '../../config.js';
import { createBackend } from '../../backend.js';
import { createServer } from '../../server.js';
import { openSharedStore } from './shared-store.js';
import { describeStartupFailure } from '../../startup-error.js';
import { POSTGRES_TABLES } from './postgres-schema.js';
import { SERVICE_BRIEFLY_UNAVAILABLE, SharedStoreUnavailableError } from './shared-store-unavailable.js';
import { UNREADABLE_PERSONAL_DATA } from '../personal-data-keys/personal-data-codec.js';

const rowsOf = async (url: string, sql: string): Promise<Record<string, unknown>[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
};

/** Tables of the host's own SQLite file (what must not hold keys or counters with DATABASE_URL). */
const localTables = (server: TestServer) => {
  const db = new Database(sqliteFileIn(server.dataDir), { readonly: true });
  try {
    const names = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    const count = (table: string) =>
      names.includes(table) ? db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get()! : 0;
    return { keys: count('personal_data_keys'), rateLimits: count('rate_limits') };
  } finally {
    db.close();
  }
};

/** The backend a host on this DATA_DIR and DATABASE_URL starts with (silent unless given a logger). */
const backendOn = (dataDir: string, databaseUrl: string | undefined, logger = pino({ level: 'silent' })) =>
  createBackend(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...SHARED_HOST_SECRETS }),
    { logger },
  );

/** What main prints when createBackend fails on this DATA_DIR and DATABASE_URL (or null when it starts). */
const startupLine = async (dataDir: string, databaseUrl: string): Promise<string | null> => {
  try {
    const backend = await backendOn(dataDir, databaseUrl);
    await backend.close();
    return null;
  } catch (error) {
    return describeStartupFailure(error);
  }
};

const withTempDir = async (work: (dir: string) => Promise<void>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-pg-'));
  try {
    await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

describe('a server on DATABASE_URL', () => {
  it('keeps the personal-data keys and the rate limits in PostgreSQL, and the rest in its own file', async () => {
    const databaseUrl = await newTestDatabase();
    const server = await startTestServer({ DATABASE_URL: databaseUrl, ...SHARED_HOST_SECRETS });
    try {
      const api = apiClient(server, { ip: nextClientIp() });
      const { token, email } = await registerCustomer(api);
      const customerId = decodeJwtPayload(token).customerId as string;
      expect((await api.post('/api/authenticate', { email, password: PASSWORD })).status).toBe(200);
      expect((await api.post('/api/authenticate', { email, password: 'Wrong-Password-1' })).status).toBe(401);

      const keys = await rowsOf(databaseUrl, `SELECT stream_id FROM ${POSTGRES_TABLES.personalDataKeys}`);
      expect(keys.map((row) => row.stream_id)).toContain(customerStreamId(customerId));
      const limits = (await rowsOf(databaseUrl, `SELECT key FROM ${POSTGRES_TABLES.rateLimits}`)).map((row) =>
        String(row.key),
      );
      expect(limits.some((key) => key.startsWith('register:ip:'))).toBe(true);
      expect(limits.some((key) => key.startsWith('login:ip:'))).toBe(true);
      expect(limits.some((key) => key.startsWith('login-failures:email:'))).toBe(true);
      // No key and no counter in the host's file: another host could not see them there.
      expect(localTables(server)).toEqual({ keys: 0, rateLimits: 0 });
      const [registered] = await server.backend.store.readStream(customerStreamId(customerId));
      expect(registered?.data).toMatchObject({ email, firstname: 'Ringo' });
    } finally {
      await server.close();
    }
  });
});

describe('PostgreSQL going away while the server runs', () => {
  // A cluster of its own: stopping the run's cluster would pull it from under the specs beside this one.
  let cluster: PostgresClusterInfo;
  let server: TestServer;
  beforeAll(async () => {
    cluster = await createPostgresCluster();
    server = await startTestServer({
      DATABASE_URL: await createTestDatabase(cluster),
      ...SHARED_HOST_SECRETS,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (cluster) await destroyPostgresCluster(cluster);
  });

  it('refuses a wrong password at start, in one line that names the user and never the password', async () => {
    const hba = path.join(cluster.dataDir, 'pg_hba.conf');
    fs.writeFileSync(
      hba,
      `host all stickwork_pw 127.0.0.1/32 scram-sha-256\n${fs.readFileSync(hba, 'utf8')}`,
    );
    await rowsOf(cluster.url, "CREATE ROLE stickwork_pw LOGIN PASSWORD 'Right-Password-1'");
    await rowsOf(cluster.url, 'SELECT pg_reload_conf()');
    const where = `127.0.0.1:${cluster.port}/postgres`;
    await withTempDir(async (dataDir) => {
      expect(await startupLine(dataDir, `postgresql://stickwork_pw:Wrong-Password-2@${where}`)).toBe(
        `Stickwork could not start: PostgreSQL at DATABASE_URL (postgresql://stickwork_pw@${where}) ` +
          'cannot be used: password authentication failed for user "stickwork_pw" (28P01)',
      );
    });
  });

  it('answers 503 with a clear message and writes nothing, health names it, and recovers on its own when it is back', async () => {
    const api = apiClient(server, { ip: nextClientIp() });
    const known = await registerCustomer(api);
    const newcomer = registration();
    const before = await server.backend.store.stats();

    await stopPostgresServer(cluster);
    try {
      const refused = await api.post('/api/register', newcomer);
      expect(refused.status).toBe(503);
      expect(refused.json).toEqual({ message: SERVICE_BRIEFLY_UNAVAILABLE });
      const login = await api.post('/api/authenticate', { email: known.email, password: PASSWORD });
      expect(login.status).toBe(503);
      // Past the limits too: an event whose personal fields need a key is not appended without it.
      await expect(
        server.backend.store.appendToStream('customer-no-key', [
          {
            type: 'PasswordChanged',
            data: { passwordHash: 'hash-of-no-one', changedAt: new Date().toISOString() },
            metadata: { schemaVersion: 1, time: new Date().toISOString() },
          },
        ]),
      ).rejects.toBeInstanceOf(SharedStoreUnavailableError);
      expect(await server.backend.store.stats()).toEqual(before);

      const health = await api.get('/api/health');
      expect(health.status).toBe(503);
      expect(health.json).toMatchObject({
        status: 'unavailable',
        store: { ok: true },
        sharedStore: { kind: 'postgresql', ok: false },
      });
    } finally {
      await startPostgresServer(cluster);
    }

    // Back: the very same requests succeed, with no restart of the server.
    const registered = await api.post('/api/register', newcomer);
    expect(registered.status).toBe(201);
    expect((await api.post('/api/authenticate', { email: known.email, password: PASSWORD })).status).toBe(
      200,
    );
    const health = await api.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ sharedStore: { kind: 'postgresql', ok: true } });
  });
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs the server's entry point (TypeScript sources through tsx) until it exits; bounded. */
const runMain = async (env: Record<string, string>): Promise<{ code: number | null; stderr: string }> =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', '--conditions=source', 'app-api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', WEB_CONCURRENCY: '1', ...env },
    timeout: 50_000,
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number | null; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );

describe('start-up on DATABASE_URL', () => {
  it('stops with one line when PostgreSQL does not answer within 5 seconds', async () => {
    // A port that takes the connection and never says a word (a black-holed host, a hung server).
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      await withTempDir(async (dataDir) => {
        expect(await startupLine(dataDir, `postgresql://stickwork@127.0.0.1:${port}/stickwork`)).toBe(
          `Stickwork could not start: PostgreSQL at DATABASE_URL (postgresql://stickwork@127.0.0.1:${port}/stickwork) ` +
            'cannot be used: no answer within 5 seconds (timeout)',
        );
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('stops with one line and exit code 1 on a malformed DATABASE_URL, never repeating it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-pg-start-'));
    try {
      const { code, stderr } = await runMain({
        DATA_DIR: dataDir,
        DATABASE_URL: 'mysql://admin:Hush-77@db/x',
      });
      expect(code).toBe(1);
      expect(stderr).toBe(
        'Stickwork could not start: Configuration error: DATABASE_URL must be a postgres:// or postgresql:// URL\n',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops with one line and exit code 1 when PostgreSQL refuses the connection, naming DATABASE_URL and not its password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-pg-start-'));
    const port = await freePort(); // nothing listens on it
    try {
      const { code, stderr } = await runMain({
        DATA_DIR: dataDir,
        DATABASE_URL: `postgresql://stickwork:Hush-9f3c07a1@127.0.0.1:${port}/stickwork`,
        ...SHARED_HOST_SECRETS,
      });
      expect(code).toBe(1);
      expect(stderr).toBe(
        `Stickwork could not start: PostgreSQL at DATABASE_URL (postgresql://stickwork@127.0.0.1:${port}/stickwork) ` +
          'cannot be used: connection refused (ECONNREFUSED)\n',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a database that does not exist, in one line naming DATABASE_URL and never its password', async () => {
    const { port } = new URL(await newTestDatabase());
    const server = await startTestServer();
    try {
      const line = await startupLine(
        server.dataDir,
        `postgresql://postgres:Hush-9f3c07a1@127.0.0.1:${port}/no_such_db`,
      );
      expect(line).toBe(
        `Stickwork could not start: PostgreSQL at DATABASE_URL (postgresql://postgres@127.0.0.1:${port}/no_such_db) ` +
          'cannot be used: database "no_such_db" does not exist (3D000)',
      );
    } finally {
      await server.close();
    }
  });

  /** The server on a DATA_DIR the test keeps (startTestServer deletes its own on close). */
  const serve = async (dataDir: string, databaseUrl: string | undefined) => {
    const backend = await backendOn(dataDir, databaseUrl);
    const http = createServer(backend).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => http.once('listening', resolve));
    return {
      url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
      backend,
      close: async () => {
        await new Promise<void>((resolve) => http.close(() => resolve()));
        await backend.close();
      },
    };
  };

  it('moves the keys a host kept in its own file into PostgreSQL when it is first started on DATABASE_URL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-keys-move-'));
    try {
      const alone = await serve(dataDir, undefined);
      const api = apiClient(alone, { ip: nextClientIp() });
      const kept = await registerCustomer(api);
      const erased = await registerCustomer(api);
      expect((await api.delete('/api/delete/account', { token: erased.token })).status).toBe(200);
      await alone.close();
      const keptStream = customerStreamId(decodeJwtPayload(kept.token).customerId as string);
      const erasedStream = customerStreamId(decodeJwtPayload(erased.token).customerId as string);

      const databaseUrl = await newTestDatabase();
      const shared = await serve(dataDir, databaseUrl);
      try {
        const [registered] = await shared.backend.store.readStream(keptStream);
        expect(registered?.data).toMatchObject({ email: kept.email });
        const keys = await rowsOf(databaseUrl, `SELECT stream_id FROM ${POSTGRES_TABLES.personalDataKeys}`);
        expect(keys.map((row) => row.stream_id)).toContain(keptStream);
        const erasures = await rowsOf(
          databaseUrl,
          `SELECT stream_id FROM ${POSTGRES_TABLES.personalDataErasures}`,
        );
        expect(erasures.map((row) => row.stream_id)).toContain(erasedStream);
      } finally {
        await shared.close();
      }
      // None left behind: a key in two places would survive an erasure in one.
      const db = new Database(sqliteFileIn(dataDir), { readonly: true });
      try {
        expect(db.prepare('SELECT count(*) FROM personal_data_keys').pluck().get()).toBe(0);
        expect(db.prepare('SELECT count(*) FROM personal_data_erasures').pluck().get()).toBe(0);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start when the log holds sealed personal data and the key store is empty, and starts on the right one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-keys-lost-'));
    try {
      const rightKeys = await newTestDatabase();
      const first = await serve(dataDir, rightKeys);
      const { token } = await registerCustomer(apiClient(first, { ip: nextClientIp() }));
      const customerId = decodeJwtPayload(token).customerId as string;
      await first.close();

      const emptyKeys = await newTestDatabase();
      expect(await startupLine(dataDir, emptyKeys)).toBe(
        "Stickwork could not start: personal-data keys missing: the event store holds sealed personal data but DATABASE_URL's key store is empty; " +
          'restore the keys, or point DATABASE_URL at the right database',
      );
      expect(await startupLine(dataDir, rightKeys)).toBeNull();

      // A key store that holds keys, but not this stream's, and no erasure of it (the wrong database):
      // the data reads as unreadable, never as erased, and the stream is logged as an error.
      const otherKeys = await newTestDatabase();
      const other = await openSharedStore(otherKeys);
      await other.keys.keyFor('customer-someone-else');
      await other.close();
      const logged: { streamId?: string }[] = [];
      const logger = pino(
        { level: 'error' },
        { write: (line: string) => void logged.push(JSON.parse(line)) },
      );
      const wrong = await backendOn(dataDir, otherKeys, logger);
      try {
        const [read] = await wrong.store.readStream(customerStreamId(customerId));
        expect(read?.data).toMatchObject({
          email: UNREADABLE_PERSONAL_DATA,
          firstname: UNREADABLE_PERSONAL_DATA,
        });
        await wrong.store.readStream(customerStreamId(customerId));
        // Once per stream, with its id and nothing personal.
        expect(logged.filter((entry) => entry.streamId !== undefined).map((entry) => entry.streamId)).toEqual(
          [customerStreamId(customerId)],
        );
        expect(JSON.stringify(logged)).not.toContain('Ringo');
      } finally {
        await wrong.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
