import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_REQUEST_ANSWER_MS } from '@stickwork/app-api';
import {
  apiClient,
  nextClientIp,
  registerCustomer,
  registration,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@stickwork/app-api/testing';

/**
 * Account enumeration: whoever asks for a verification or recovery mail learns nothing about
 * whether the address has an account, neither from the answer nor from its time; registration
 * keeps its 409 but is rate limited per client address.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MAIL_ROUTES = [
  (email: string) => `/api/pw-recovery?email=${encodeURIComponent(email)}`,
  (email: string) => `/api/verify/email/request-verification?email=${encodeURIComponent(email)}`,
];

/** The answer with the address itself replaced, so answers about different addresses compare. */
const timedAnswer = async (path: string, email: string) => {
  const started = performance.now();
  const response = await apiClient(server, { ip: nextClientIp() }).get(path);
  const ms = performance.now() - started;
  return { ms, status: response.status, body: response.text.replaceAll(email, '<email>') };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('enumeration parity', () => {
  it('answers verification and recovery requests alike for known and unknown addresses', async () => {
    const customer = await registerCustomer(apiClient(server, { ip: nextClientIp() }));
    for (const route of MAIL_ROUTES) {
      const stranger = uniqueEmail('stranger');
      const known = await timedAnswer(route(customer.email), customer.email);
      const unknown = await timedAnswer(route(stranger), stranger);
      expect(known.status).toBe(200);
      expect(unknown).toEqual({ ...known, ms: unknown.ms });
    }
  });

  it(`answers known and unknown addresses ${MAIL_REQUEST_ANSWER_MS} ms after the request, not sooner`, async () => {
    // Each known address may ask 3 times per 15 minutes: several customers, one request each per route.
    const customers = await Promise.all(
      Array.from({ length: 3 }, () => registerCustomer(apiClient(server, { ip: nextClientIp() }))),
    );
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (const route of MAIL_ROUTES)
      for (const { email } of customers) {
        knownMs.push((await timedAnswer(route(email), email)).ms);
        const stranger = uniqueEmail('stranger');
        unknownMs.push((await timedAnswer(route(stranger), stranger)).ms);
      }
    // The work for a known address (an event appended, a link signed) takes a few milliseconds
    // more than for an unknown one; neither answer comes before the time they share.
    expect(Math.min(...knownMs)).toBeGreaterThanOrEqual(MAIL_REQUEST_ANSWER_MS);
    expect(Math.min(...unknownMs)).toBeGreaterThanOrEqual(MAIL_REQUEST_ANSWER_MS);
    // A wide bound, robust on a busy machine: neither kind of address is answered in a
    // different order of magnitude.
    const [known, unknown] = [median(knownMs), median(unknownMs)];
    expect(known).toBeLessThan(4 * unknown + 25);
    expect(unknown).toBeLessThan(4 * known + 25);
  });

  it('keeps the 409 of a taken address at registration, and limits registrations per address', async () => {
    const api = apiClient(server, { ip: nextClientIp() });
    const body = registration();
    expect((await api.post('/api/register', body)).status).toBe(201);
    const REGISTRATIONS_PER_HOUR = 30;
    for (let attempt = 1; attempt < REGISTRATIONS_PER_HOUR; attempt++) {
      const again = await api.post('/api/register', body);
      expect(again.status).toBe(409);
      expect(again.json).toEqual({ message: 'email already in use' });
    }
    const limited = await api.post('/api/register', body);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({
      message: 'Too many registrations from your network. Please try again later.',
    });
  });
});
