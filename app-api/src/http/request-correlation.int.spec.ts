import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceStreamId } from '@stickwork/domain';
import {
  registerDrummer,
  startPracticeServer,
  type PracticeTestServer,
} from '../practice/testing/practice-fixtures.js';

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer();
});
afterAll(() => server.close());

describe('events remember the request that caused them', () => {
  it("carry the request's id (x-request-id, or the one the server gave it) as their correlation id", async () => {
    const drummer = await registerDrummer(server);
    const count = (requestId: string) =>
      drummer.api.post('/api/usage', { usageType: 'lesson' }, { headers: { 'x-request-id': requestId } });
    expect((await count('count-lesson-0042')).status).toBe(201);
    // An id that is not a sane one is replaced by one of the server's (as in the request log).
    expect((await count('not a sane id; drop table')).status).toBe(201);

    const events = await server.backend.store.readStream(practiceStreamId(drummer.customerId));
    const correlations = events
      .filter((event) => event.type === 'UsageIncremented')
      .map((event) => event.metadata.correlationId);
    expect(correlations).toHaveLength(2);
    expect(correlations[0]).toBe('count-lesson-0042');
    expect(correlations[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('carry none when written outside a request (the CLI, a background job)', async () => {
    const { position } = await server.backend.store.appendToStream('notes-1', [
      { type: 'NoteTaken', data: {}, metadata: { schemaVersion: 1, time: new Date().toISOString() } },
    ]);
    const [event] = await server.backend.store.readAll({ after: position - 1, maxCount: 1 });
    expect(event?.metadata.correlationId).toBeUndefined();
  });
});
