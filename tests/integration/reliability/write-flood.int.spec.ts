import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceStreamId } from '@stickwork/domain';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  startTestServer,
  type TestServer,
} from '@stickwork/app-api/testing';

/**
 * A flood of practice writes from one account (bounded: the limit and a few more): every practice
 * write route draws on one budget of 120 a minute per customer, kept in the shared limits table;
 * past it the answer is 429 with Retry-After and nothing is stored, and other customers write on.
 */
const LIMIT = 120;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const customer = async () => {
  const ip = nextClientIp();
  const { token } = await registerCustomer(apiClient(server, { ip }));
  const api = apiClient(server, { ip, token, headers: { 'time-zone': 'UTC' } });
  return { api, token, customerId: decodeJwtPayload(token).customerId as string };
};

const activity = { countLessonsPracticed: 1, practiceDurationMinutes: 5 };

describe('practice write flood', () => {
  it('answers 429 with Retry-After past 120 writes a minute over every practice route, storing nothing more', async () => {
    const flooder = await customer();
    // Mixed routes, one budget: activity, the weekly goal and reminders.
    for (let write = 0; write < LIMIT; write++) {
      const response =
        write % 3 === 0
          ? await flooder.api.post('/api/practiceActivity', activity)
          : write % 3 === 1
            ? await flooder.api.request('PUT', '/api/goal', { daysPerWeek: 3 })
            : await flooder.api.request('PUT', '/api/reminders', { enabled: false, days: [1], hour: 18 });
      expect(response.status, `write ${write + 1}`).toBeLessThan(300);
    }
    const stored = (await server.backend.store.readStream(practiceStreamId(flooder.customerId))).length;

    for (const [method, path, body] of [
      ['POST', '/api/practiceActivity', activity],
      ['POST', '/api/usage', { usageType: 'lesson' }],
      [
        'POST',
        '/api/focus',
        { skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }] },
      ],
      ['PUT', '/api/goal', { daysPerWeek: 4 }],
    ] as const) {
      const response = await flooder.api.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(429);
      expect(response.json).toEqual({
        message: 'Too many practice updates. Please wait a minute and try again.',
      });
    }
    const timing = await fetch(`${server.url}/api/lesson/timing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': flooder.token, 'time-zone': 'UTC' },
      body: '{}',
    });
    expect(timing.status).toBe(429);
    const retryAfter = Number(timing.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await server.backend.store.readStream(practiceStreamId(flooder.customerId))).length).toBe(stored);

    // Reads stay open, and another customer writes as usual.
    expect((await flooder.api.get('/api/practiceActivity')).status).toBe(200);
    const other = await customer();
    expect((await other.api.post('/api/practiceActivity', activity)).status).toBe(201);
  });
});
