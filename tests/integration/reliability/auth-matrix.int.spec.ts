import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import {
  apiClient,
  decodeJwtPayload,
  issueLoginToken,
  issueSecret,
  LOGIN_TOKEN_LIFETIME_SECONDS,
  nextClientIp,
  PROTECTED_ROUTES,
  registerCustomer,
  runCustomerCommand,
  startTestServer,
  type ApiClient,
  type CustomerCommandInput,
  type LoginClaims,
  type TestServer,
} from '@stickwork/app-api/testing';

/**
 * The reliability suite's auth matrix: every protected route
 * refuses every kind of rejected token with 401, and nothing in the store changes, not even a
 * side effect a middleware in front of the route would run (the subscription's cancellation
 * before an erasure, the period-end settlement before a plan read).
 */
/**
 * Protected routes a fresh customer cannot call with success (a session, a subscription or an
 * offered level-up is needed first), so they are only in the rejection half of the matrix.
 */
const REJECTION_ONLY_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/api/focus/level-up', body: { skillName: 'timing' } },
  { method: 'GET', path: '/api/payment/session-status?session_id=cs_test_1' },
  {
    method: 'POST',
    path: '/api/payment/test-payments/pay',
    body: {
      clientSecret: 'cs_x_secret_y',
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'R S',
    },
  },
  { method: 'POST', path: '/api/payment/test-payments/portal', body: { action: 'cancel' } },
  {
    method: 'POST',
    path: '/api/lesson/timing',
    body: {
      lessonId: 10005,
      input: 'midi',
      bpm: 96,
      expected: 16,
      hits: 16,
      missed: 0,
      extra: 0,
      meanOffsetMs: 1,
      spreadMs: 1,
      accuracy: 99,
    },
  },
  { method: 'GET', path: '/api/lesson-history' },
  { method: 'GET', path: '/api/lesson/notation?lessonId=10005' },
];

let server: TestServer;
let api: ApiClient;
let badTokens: Record<string, string | undefined>;

const run = (customerId: string, command: CustomerCommandInput, now: Date) =>
  runCustomerCommand(server.backend, customerId, command, { now });

const claimsOf = (token: string): LoginClaims => {
  const { customerId, firstname, verification_state, subscription_status, activeTier } = decodeJwtPayload(
    token,
  ) as unknown as LoginClaims;
  return { customerId, firstname, verification_state, subscription_status, activeTier };
};

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server);
  const secret = server.backend.jwtSecret;
  const now = new Date();

  // A paying customer (a subscription a side effect could cancel) who changed the password.
  const paying = await registerCustomer(api);
  const payload = claimsOf(paying.token);
  await run(
    payload.customerId,
    {
      type: 'StartSubscription',
      data: {
        tier: 'premium',
        period: 'monthly',
        status: 'active',
        currentPeriodEnd: new Date(now.getTime() + 20 * 86_400_000).toISOString(),
      },
    },
    now,
  );
  // Issued in the same second as the password change, a few milliseconds before it.
  const second = Math.floor(now.getTime() / 1000) * 1000;
  const issuedBefore = await issueLoginToken(
    secret,
    { ...payload, activeTier: 'premium', subscription_status: 'active' },
    new Date(second + 100),
  );
  await run(
    payload.customerId,
    { type: 'ChangePassword', data: { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y' } },
    new Date(second + 400),
  );
  const valid = await issueLoginToken(secret, payload, now);

  const erased = await registerCustomer(api);
  expect((await api.delete('/api/delete/account', { token: erased.token })).status).toBe(200);

  const [header, , signature] = valid.split('.');
  const upgraded = Buffer.from(
    JSON.stringify({ ...decodeJwtPayload(valid), activeTier: 'exclusive' }),
  ).toString('base64url');

  badTokens = {
    none: undefined,
    empty: '',
    malformed: 'not.a.token',
    expired: await issueLoginToken(
      secret,
      payload,
      new Date(now.getTime() - (LOGIN_TOKEN_LIFETIME_SECONDS + 60) * 1000),
    ),
    'wrong signature': `${header}.${upgraded}.${signature}`,
    'alg none': new UnsecuredJWT({ ...payload })
      .setSubject(payload.customerId)
      .setIssuer('stickwork')
      .setAudience('stickwork:login')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode(),
    'other algorithm': await new SignJWT({ ...payload })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(payload.customerId)
      .setIssuer('stickwork')
      .setAudience('stickwork:login')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret)),
    'foreign key': await issueLoginToken('someone-elses-signing-secret-of-enough-length', payload, now),
    'link secret': await issueSecret(secret, 'verify-email', payload.customerId, {}, now),
    'deleted customer': erased.token,
    'pre-password-change': issuedBefore,
  };
}, 60_000);
afterAll(() => server.close());

describe('the auth matrix: every protected route × every rejected token', () => {
  for (const route of [...PROTECTED_ROUTES, ...REJECTION_ONLY_ROUTES]) {
    it(`${route.method} ${route.path}: 401 and no state change`, async () => {
      for (const [kind, token] of Object.entries(badTokens)) {
        const before = await server.backend.store.stats();
        const response = await api.request(
          route.method,
          route.path,
          route.body,
          token === undefined ? {} : { headers: { 'x-auth-token': token } },
        );
        expect(response.status, kind).toBe(401);
        expect(response.json, kind).toEqual({ message: 'User not authorized' });
        expect(await server.backend.store.stats(), `${kind}: the store changed`).toEqual(before);
      }
    });

    if (REJECTION_ONLY_ROUTES.includes(route)) continue;
    it(`${route.method} ${route.path}: a valid token gets through`, async () => {
      // A customer of its own (the route may be a deletion), from an address of its own: the routes
      // outnumber the registrations one address may make in an hour.
      const { token } = await registerCustomer(apiClient(server, { ip: nextClientIp() }));
      const response = await api.request(route.method, route.path, route.body, { token });
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
    });
  }
});
