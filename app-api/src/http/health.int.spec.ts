import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteEventStore } from '../adapters/event-store/sqlite-event-store.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { apiClient, registerCustomer } from '../accounts/testing/account-fixtures.js';

/** Issue 14, item 11: health tells a full disk from a healthy store, and shows projection lag. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface HealthBody {
  status: string;
  store: { kind: string; ok: boolean; canWrite: boolean };
  projections: { lag: number; behind: Record<string, number> };
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

  it('counts the events a projection has not folded yet, read-only', async () => {
    await server.backend.projections.stop();
    try {
      for (let i = 0; i < 3; i++) await registerCustomer(apiClient(server));
      const { body } = await health();
      expect(body.projections.behind.customer_directory).toBeGreaterThanOrEqual(3);
      expect(body.projections.lag).toBeGreaterThanOrEqual(3);
    } finally {
      server.backend.projections.start();
    }
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
