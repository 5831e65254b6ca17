import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, registerCustomer, startTestServer, type TestServer } from '@stickwork/app-api/testing';

/**
 * The reliability suite's fuzz: every API route (and a few that do not exist) gets random methods'
 * bodies, queries, headers, content types and sizes, with no token, a garbage one or a valid one.
 * Never a 5xx, never a dropped connection, and the server is healthy after.
 */
const ROUTES: { method: string; path: string }[] = [
  { method: 'POST', path: '/api/register' },
  { method: 'POST', path: '/api/authenticate' },
  { method: 'GET', path: '/api/authenticate/update-jwt' },
  { method: 'GET', path: '/api/verify/email/request-verification' },
  { method: 'GET', path: '/api/verify/email' },
  { method: 'GET', path: '/api/pw-recovery' },
  { method: 'POST', path: '/api/pw-recovery/change-password' },
  { method: 'GET', path: '/api/customer-info' },
  { method: 'GET', path: '/api/customer-info/subscription-status' },
  { method: 'GET', path: '/api/customer-info/time-zone' },
  { method: 'PUT', path: '/api/customer-info/time-zone' },
  { method: 'DELETE', path: '/api/delete/customer-data' },
  { method: 'DELETE', path: '/api/delete/account' },
  { method: 'GET', path: '/api/payment/config' },
  { method: 'GET', path: '/api/payment/create-checkout-session' },
  { method: 'GET', path: '/api/payment/session-status' },
  { method: 'GET', path: '/api/payment/create-customer-portal-session' },
  { method: 'GET', path: '/api/payment/cancel-subscription' },
  { method: 'POST', path: '/api/payment/webhook' },
  { method: 'POST', path: '/api/payment/test-payments/pay' },
  { method: 'GET', path: '/api/payment/test-payments/portal' },
  { method: 'POST', path: '/api/payment/test-payments/portal' },
  { method: 'POST', path: '/api/newsletter' },
  { method: 'GET', path: '/api/newsletter/confirm' },
  { method: 'POST', path: '/api/analytics' },
  { method: 'POST', path: '/api/lesson/schedule' },
  { method: 'GET', path: '/api/focus' },
  { method: 'POST', path: '/api/focus' },
  { method: 'PATCH', path: '/api/focus' },
  { method: 'POST', path: '/api/focus/level-up' },
  { method: 'POST', path: '/api/lesson/finishExercise' },
  { method: 'POST', path: '/api/lesson/timing' },
  { method: 'GET', path: '/api/lesson-history' },
  { method: 'GET', path: '/api/lesson/notation' },
  { method: 'GET', path: '/api/usage' },
  { method: 'POST', path: '/api/usage' },
  { method: 'GET', path: '/api/practiceActivity' },
  { method: 'POST', path: '/api/practiceActivity' },
  { method: 'GET', path: '/api/progress' },
  { method: 'GET', path: '/api/lesson/progress' },
  { method: 'GET', path: '/api/file/download' },
  { method: 'GET', path: '/api/health' },
  { method: 'POST', path: '/api/no-such-route' },
  { method: 'GET', path: '/api/%E0%A4%A' },
];

let server: TestServer;
let validToken: string;
beforeAll(async () => {
  server = await startTestServer();
  validToken = (await registerCustomer(apiClient(server))).token;
});
afterAll(() => server.close());

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    '__proto__',
    'constructor',
    '-1',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '\u0000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const printable = fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,60}$/);

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }).map((value) => ({ type: 'application/json', data: JSON.stringify(value) })),
  fc
    .dictionary(text, fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text)), {
      maxKeys: 8,
    })
    .map((value) => ({ type: 'application/json', data: JSON.stringify(value) })),
  fc.record({
    type: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/json; charset=nonsense',
    ),
    data: fc.oneof(text, fc.constantFrom('{', '{"a":', '[1,2', '{"__proto__":{"x":1}}', '"x"', '1')),
  }),
  // Beyond the body limits (100 kB JSON, 1 MB webhook).
  fc
    .constantFrom(120_000, 1_100_000)
    .map((size) => ({ type: 'application/json', data: `{"x":"${'a'.repeat(size)}"}` })),
);

const query = fc
  .array(
    fc.tuple(
      fc.oneof(text, fc.constantFrom('email', 'secret', 'priceId', 'session_id', 'lessonId', 'skill')),
      text,
    ),
    {
      maxLength: 4,
    },
  )
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value);
    const encoded = params.toString();
    return encoded ? `?${encoded}` : '';
  });

const token = fc.oneof(
  fc.constant(undefined),
  fc.constant('valid'),
  printable,
  fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.eyJjdXN0b21lcklkIjoieCJ9.', 'x'.repeat(8000)),
);

const headers = fc.record(
  {
    'time-zone': fc.oneof(printable, fc.constantFrom('UTC', 'Etc/GMT+12', 'x'.repeat(500))),
    'stripe-signature': printable,
    'x-request-id': printable,
    'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), printable),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png'),
  },
  { requiredKeys: [] },
);

describe('a fuzz of every route', () => {
  it('never answers 5xx, and the server stays healthy', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom('SAME', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        query,
        body,
        headers,
        token,
        async (route, methodChoice, search, payload, extra, auth) => {
          const method = methodChoice === 'SAME' ? route.method : methodChoice;
          const withBody = payload !== undefined && method !== 'GET';
          const response = await fetch(`${server.url}${route.path}${search}`, {
            method,
            headers: {
              ...extra,
              ...(withBody ? { 'content-type': payload.type } : {}),
              ...(auth === undefined ? {} : { 'x-auth-token': auth === 'valid' ? validToken : auth }),
            },
            ...(withBody ? { body: payload.data } : {}),
          });
          const answer = await response.text();
          expect(
            response.status,
            `${method} ${route.path}${search.slice(0, 80)} → ${answer.slice(0, 200)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 400, seed: 1414 },
    );
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  }, 240_000);
});
