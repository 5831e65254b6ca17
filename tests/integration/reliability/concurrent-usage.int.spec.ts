import fc from 'fast-check';
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
 * The reliability suite: 200 concurrent POST /api/usage over 20 freemium customers, each request
 * with a random `time-zone` header (the first write of each customer races to pin its zone):
 * exactly 3 lessons counted per customer, the rest refused with 429, nothing else.
 */
const CUSTOMERS = 20;
const POSTS = 200;
const ZONES = [
  'Etc/GMT+12',
  'Pacific/Kiritimati',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Europe/Berlin',
  'UTC',
  'garbage/zone',
  undefined,
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('concurrent usage', () => {
  it('counts exactly 3 lessons for each of 20 freemium customers out of 200 concurrent posts', async () => {
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, async () => {
        const ip = nextClientIp();
        const { token } = await registerCustomer(apiClient(server, { ip }));
        return { token, ip, customerId: decodeJwtPayload(token).customerId as string };
      }),
    );
    // A fixed seed: the same spread of customers and zones on every run.
    const plan = fc.sample(
      fc.record({ who: fc.integer({ min: 0, max: CUSTOMERS - 1 }), zone: fc.constantFrom(...ZONES) }),
      { numRuns: POSTS, seed: 14 },
    );
    // Every customer gets at least 4 attempts, so each must be refused at least once.
    plan.forEach((step, index) => {
      if (index < CUSTOMERS * 4) step.who = index % CUSTOMERS;
    });

    const responses = await Promise.all(
      plan.map(({ who, zone }) => {
        const { token, ip } = customers[who]!;
        return apiClient(server, { ip, token }).post(
          '/api/usage',
          { usageType: 'lesson' },
          zone === undefined ? {} : { headers: { 'time-zone': zone } },
        );
      }),
    );

    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201, 429]));
    for (const [index, { customerId }] of customers.entries()) {
      const statuses = responses.filter((_, i) => plan[i]!.who === index).map((r) => r.status);
      expect(
        statuses.filter((status) => status === 201),
        customerId,
      ).toHaveLength(3);
      const events = await server.backend.store.readStream(practiceStreamId(customerId));
      expect(
        events.filter((event) => event.type === 'UsageIncremented'),
        customerId,
      ).toHaveLength(3);
    }
  }, 180_000);
});
