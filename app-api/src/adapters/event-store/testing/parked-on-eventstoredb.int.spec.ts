/**
 * One bad event on the EventStoreDB path (the runner is shared): an event a projection cannot fold is
 * parked in the local read-model file, the other customers' writes answer fresh, health names it,
 * and a retry reads it from EventStoreDB again (still failing: still parked; its stream erased:
 * dropped).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceStreamId } from '@stickwork/domain';
import { startTestServer, type TestServer } from '../../../testing/test-server.js';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
} from '../../../accounts/testing/account-fixtures.js';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server.js';

describe('a parked event on EventStoreDB', () => {
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

  it('holds up no other customer, shows in health, and a retry reads it from the store again', async () => {
    const [bad, other] = await Promise.all(
      [0, 1].map(async () => {
        const ip = nextClientIp();
        const { token } = await registerCustomer(apiClient(app, { ip }));
        return {
          api: apiClient(app, { ip, token }),
          customerId: decodeJwtPayload(token).customerId as string,
        };
      }),
    );
    const { position } = await app.backend.store.appendToStream(practiceStreamId(bad!.customerId), [
      {
        type: 'PracticeActivityRecorded',
        data: null,
        metadata: { schemaVersion: 1, time: new Date().toISOString() },
      },
    ]);

    const answer = await other!.api.post('/api/usage', { usageType: 'lesson' });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ lesson: { data_used: 1 }, lessonsLeftToday: 2 });

    const health = (await (await fetch(`${app.url}/api/health`)).json()) as {
      status: string;
      projections: { lag: number; parked: { projection: string; position: number }[] };
    };
    expect(health.status).toBe('degraded');
    expect(health.projections.lag).toBe(0);
    expect(health.projections.parked).toContainEqual(
      expect.objectContaining({ projection: 'practice_heatmap', position }),
    );

    const unfixed = await app.backend.projections.retry('practice_heatmap');
    expect(unfixed.failed.map((event) => event.position)).toEqual([position]);

    await app.backend.store.deleteStream(practiceStreamId(bad!.customerId));
    for (const { projection } of app.backend.projections.parked()) {
      const retried = await app.backend.projections.retry(projection);
      expect(retried.gone.map((event) => event.position)).toEqual([position]);
    }
    const healed = (await (await fetch(`${app.url}/api/health`)).json()) as { status: string };
    expect(healed.status).toBe('ok');
  }, 60_000);
});
