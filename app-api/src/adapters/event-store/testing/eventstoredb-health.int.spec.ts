import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.js';
import { connectEventStoreDb } from '../eventstoredb-event-store.js';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server.js';

/** Beside an EventStoreDB that stopped answering, health says the store can take no write. */
describe('health beside an EventStoreDB that went away', () => {
  let esdb: EsdbTestServer | undefined;
  let app: TestServer | undefined;
  afterEach(async () => {
    await app?.close();
    await esdb?.close();
  });

  it('answers 503 with ok and canWrite false once the store is gone, 200 with both true before', async () => {
    esdb = await startEsdbTestServer();
    app = await startTestServer({ EVENTSTORE_CONNECTION_STRING: esdb.connectionString });
    const health = async () => {
      const response = await fetch(`${app!.url}/api/health`);
      return { status: response.status, body: (await response.json()) as { store: unknown } };
    };
    expect(await health()).toMatchObject({
      status: 200,
      body: { store: { kind: 'eventstoredb', ok: true, canWrite: true } },
    });
    await esdb.close();
    esdb = undefined;
    expect(await health()).toMatchObject({
      status: 503,
      body: { status: 'unavailable', store: { kind: 'eventstoredb', ok: false, canWrite: false } },
    });
  }, 60_000);

  it('says a projection is behind from its checkpoint and one short read of $all, with no count', async () => {
    esdb = await startEsdbTestServer();
    app = await startTestServer({ EVENTSTORE_CONNECTION_STRING: esdb.connectionString });
    await app.backend.projections.stop();
    // Another host writes while this one's projections stand still.
    const otherHost = connectEventStoreDb(esdb.connectionString);
    await otherHost.appendToStream('practice-other-host', [
      { type: 'LagProbed', data: {}, metadata: { schemaVersion: 1, time: '2026-11-26T08:00:00.000Z' } },
    ]);
    await otherHost.close();
    const health = async () => {
      const before = { ...esdb!.reads };
      const response = await fetch(`${app!.url}/api/health`);
      const body = (await response.json()) as {
        projections: { caughtUp: boolean; lag: number | null; behind: Record<string, number | null> };
      };
      const reads = {
        allReads: esdb!.reads.allReads - before.allReads,
        allEventsSent: esdb!.reads.allEventsSent - before.allEventsSent,
      };
      return { body, reads };
    };

    const behind = await health();
    // Commit positions count bytes, not events: behind, by a count that would take a scan.
    expect(behind.body.projections).toMatchObject({ caughtUp: false, lag: null });
    expect(behind.body.projections.behind.customer_directory).toBeNull();
    expect(behind.reads.allReads).toBe(1);
    expect(behind.reads.allEventsSent).toBe(1);

    app.backend.projections.start();
    await app.backend.projections.waitFor((await app.backend.store.lastPosition())!);
    expect((await health()).body.projections).toMatchObject({ caughtUp: true, lag: 0 });
  }, 60_000);
});
