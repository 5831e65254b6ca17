import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore, type SqliteEventStore } from '../adapters/event-store/sqlite-event-store.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { apiClient, registerCustomer } from '../accounts/testing/account-fixtures.js';

/** Health tells a full disk from a healthy store, and shows projection lag. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface HealthBody {
  status: string;
  store: { kind: string; ok: boolean; canWrite: boolean };
  projections: {
    caughtUp: boolean;
    lastPosition: number | null;
    checkpoints: Record<string, number | null>;
    lag: number | null;
    behind: Record<string, number | null>;
  };
}
const health = async () => {
  const response = await fetch(`${server.url}/api/health`);
  return { status: response.status, body: (await response.json()) as HealthBody };
};
const database = () => (server.backend.store as SqliteEventStore).database;

describe('/api/health', () => {
  it('is 200 with the store readable and writable and the projection lag', async () => {
    await registerCustomer(apiClient(server));
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', store: { kind: 'sqlite', ok: true, canWrite: true } });
    expect(Object.keys(body.projections.behind)).toEqual(
      expect.arrayContaining(['customer_directory', 'practice_usage']),
    );
    expect(typeof body.projections.lag).toBe('number');
  });

  it('counts the events a projection has not folded yet from its checkpoint, reading no events', async () => {
    await server.backend.projections.stop();
    const { store } = server.backend;
    const readAll = store.readAll;
    // Another process's appends (the CLI's): this server's runner has not folded them (its own
    // writes fold inside their append).
    const otherProcess = openSqliteEventStore({ file: (store as SqliteEventStore).file });
    try {
      for (let i = 0; i < 3; i++)
        await otherProcess.appendToStream(`lag-probe-${i}`, [
          { type: 'LagProbe', data: {}, metadata: { schemaVersion: 1, time: new Date().toISOString() } },
        ]);
      await otherProcess.close();
      let eventReads = 0;
      store.readAll = (options) => {
        eventReads += 1;
        return readAll(options);
      };
      const { body } = await health();
      await health();
      expect(eventReads).toBe(0);
      const { lastPosition, checkpoints } = body.projections;
      expect(lastPosition).toBe(await store.lastPosition());
      // SQLite positions number the events: the lag is the distance, at least the 3 appends.
      expect(body.projections.behind.customer_directory).toBe(
        lastPosition! - (checkpoints.customer_directory ?? 0),
      );
      expect(body.projections.behind.customer_directory).toBeGreaterThanOrEqual(3);
      expect(body.projections.lag).toBeGreaterThanOrEqual(3);
      expect(body.projections.caughtUp).toBe(false);
    } finally {
      store.readAll = readAll;
      server.backend.projections.start();
    }
    await server.backend.projections.waitFor((await store.lastPosition())!);
    const { body } = await health();
    expect(body.projections).toMatchObject({ caughtUp: true, lag: 0 });
    expect(Object.values(body.projections.behind).every((behind) => behind === 0)).toBe(true);
  });

  it('is 503 while the store cannot grow (a full disk), and 200 again after', async () => {
    const db = database();
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    try {
      // Appends fail now, as they would on a full disk ...
      await expect(
        server.backend.store.appendToStream('health-test', [
          { type: 'Filled', data: { text: 'z'.repeat(20_000) }, metadata: { schemaVersion: 1, time: '' } },
        ]),
      ).rejects.toThrow();
      // ... and health says so.
      const { status, body } = await health();
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'unavailable', store: { ok: true, canWrite: false } });
    } finally {
      db.pragma('max_page_count = 4294967294');
    }
    expect((await health()).status).toBe(200);
  });
});
