import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.js';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server.js';

/** Issue 25: beside an EventStoreDB that stopped answering, health says the store can take no write. */
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
});
