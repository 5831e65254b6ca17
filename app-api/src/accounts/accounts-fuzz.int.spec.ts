import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { apiClient, PASSWORD, registerCustomer, registration } from './testing/account-fixtures.js';

/** Every route of the login service this issue builds. */
const ROUTES = [
  { method: 'POST', path: '/api/register' },
  { method: 'POST', path: '/api/authenticate' },
  { method: 'GET', path: '/api/authenticate/update-jwt' },
  { method: 'GET', path: '/api/verify/email' },
  { method: 'GET', path: '/api/verify/email/request-verification' },
  { method: 'GET', path: '/api/pw-recovery' },
  { method: 'POST', path: '/api/pw-recovery/change-password' },
  { method: 'GET', path: '/api/customer-info' },
  { method: 'GET', path: '/api/customer-info/subscription-status' },
  { method: 'DELETE', path: '/api/delete/customer-data' },
  { method: 'DELETE', path: '/api/delete/account' },
] as const;

let server: TestServer;
let validToken: string;
let knownEmail: string;

beforeAll(async () => {
  server = await startTestServer();
  const customer = await registerCustomer(apiClient(server));
  validToken = customer.token;
  knownEmail = customer.email;
});
afterAll(() => server.close());

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
});
/** Huge strings stay rare: past 16 kB of URL Node answers 431 before any route runs. */
const nasty = fc.oneof(
  { arbitrary: fc.string(), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme' }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 50 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '💥🥁',
      'é\u0301',
      '\uFEFF',
      'null',
      '[]',
      '{}',
      '%',
      '%E0%A4%A',
      '../..',
    ),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: 1_000, max: 150_000 }).map((length) => 'x'.repeat(length)), weight: 1 },
);
const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.constant(null).map(() => knownEmail),
  fc.constantFrom('A@B.C', 'upper.CASE@Example.COM', 'a@b', '@example.com', 'a@@b.c'),
);
/** Values of the right name with the wrong type, shape or size, or sometimes right. */
const fieldValue = fc.oneof(
  nasty,
  emailLike,
  fc.constant(PASSWORD),
  fc.anything({ maxDepth: 3 }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const knownField = fc.constantFrom(
  'email',
  'password',
  'firstname',
  'lastname',
  'country',
  'dateTermsAndConditions',
  'newsletterSubscription',
  'secret',
  '__proto__',
  'constructor',
);
const bodyObject = fc.dictionary(fc.oneof(knownField, fc.string()), fieldValue, { maxKeys: 8 });
const body = fc.oneof(
  bodyObject.map((value) => JSON.stringify(value)),
  fc
    .constant(registration())
    .chain((valid) =>
      fc
        .record({ field: knownField, value: fieldValue })
        .map(({ field, value }) => JSON.stringify({ ...valid, [field]: value })),
    ),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"email": ',
    '{',
    'nul',
    '"just a string"',
    '[1,2',
    '{"a":1}}',
    '\u0000',
    '{"email":"\\ud800"}',
  ),
  nasty,
);
const query = fc.array(
  fc.tuple(
    fc.oneof(knownField, fc.string(), fc.constantFrom('email[]', 'email[a]', 'secret[0]')),
    fc.oneof(nasty, emailLike),
  ),
  {
    maxLength: 4,
  },
);
const tokenHeader = fc.oneof(
  fc.constant(undefined),
  fc.constant('valid'),
  printable,
  fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.eyJjdXN0b21lcklkIjoieCJ9.', ''),
);
const extraHeaders = fc.dictionary(
  fc.oneof(
    fc.stringMatching(/^x-[a-z0-9-]{1,16}$/),
    fc.constantFrom('time-zone', 'accept', 'x-request-id', 'cookie'),
  ),
  printable,
  { maxKeys: 3 },
);
const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  query,
  body: fc.option(body, { nil: undefined }),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
  ),
  token: tokenHeader,
  headers: extraHeaders,
  ip: fc.ipV4(),
});

describe('the login service under random input', () => {
  it('never answers with a 5xx, and stays healthy', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        request,
        async ({ route: { method, path }, query, body, contentType, token, headers, ip }) => {
          const search = new URLSearchParams(query).toString();
          // A valid token, but never for the account deletion: the customer must survive the run.
          const authToken = token === 'valid' ? (path === '/api/delete/account' ? 'x' : validToken) : token;
          const response = await fetch(`${server.url}${path}${search ? `?${search}` : ''}`, {
            method,
            headers: {
              ...headers,
              ...(contentType ? { 'content-type': contentType } : {}),
              ...(authToken === undefined ? {} : { 'x-auth-token': authToken }),
              'x-forwarded-for': ip,
            },
            ...(body === undefined || method === 'GET' ? {} : { body }),
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(response.status, `${method} ${path}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
    // The run reached the handlers, not only the validators.
    expect([...statuses.keys()].some((status) => status >= 200 && status < 300)).toBe(true);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(0);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const login = await apiClient(server).post('/api/authenticate', {
      email: knownEmail,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });
});
