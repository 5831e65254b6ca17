import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsecuredJWT } from 'jose';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { PROTECTED_ROUTES } from '../testing/protected-routes.js';
import { issueLoginToken, LOGIN_TOKEN_LIFETIME_SECONDS, type LoginClaims } from '../auth/tokens.js';
import { issueSecret } from './one-time-secrets.js';
import { apiClient, decodeJwtPayload, registerCustomer, type ApiClient } from './testing/account-fixtures.js';

let server: TestServer;
let api: ApiClient;
/** Bad tokens, all naming a customer who exists (but the erased one). */
let badTokens: Record<string, string | undefined>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server);
  const live = await registerCustomer(api);
  const claims = decodeJwtPayload(live.token) as unknown as LoginClaims;
  const { customerId, firstname, verification_state, subscription_status, activeTier } = claims;
  const payload = { customerId, firstname, verification_state, subscription_status, activeTier };
  const secret = server.backend.jwtSecret;
  const now = new Date();

  const [header, , signature] = live.token.split('.');
  const upgraded = Buffer.from(
    JSON.stringify({ ...decodeJwtPayload(live.token), activeTier: 'exclusive' }),
  ).toString('base64url');

  const erased = await registerCustomer(api);
  expect((await api.delete('/api/delete/account', { token: erased.token })).status).toBe(200);

  badTokens = {
    missing: undefined,
    empty: '',
    garbage: 'not.a.token',
    expired: await issueLoginToken(
      secret,
      payload,
      new Date(now.getTime() - (LOGIN_TOKEN_LIFETIME_SECONDS + 60) * 1000),
    ),
    tampered: `${header}.${upgraded}.${signature}`,
    'alg none': new UnsecuredJWT({ ...payload })
      .setSubject(customerId)
      .setIssuer('stickwork')
      .setAudience('stickwork:login')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode(),
    'foreign key': await issueLoginToken('someone-elses-signing-secret-of-enough-length', payload, now),
    'link secret': await issueSecret(secret, 'verify-email', customerId, {}, now),
    'erased customer': erased.token,
  };
});
afterAll(() => server.close());

describe('every protected route', () => {
  it('lists the routes of the login service', () => {
    expect(PROTECTED_ROUTES.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/customer-info',
        'GET /api/customer-info/subscription-status',
        'GET /api/authenticate/update-jwt',
        'DELETE /api/delete/account',
        'DELETE /api/delete/customer-data',
      ]),
    );
  });

  for (const route of PROTECTED_ROUTES) {
    it(`refuses bad tokens on ${route.method} ${route.path} with 401 'User not authorized'`, async () => {
      for (const [kind, token] of Object.entries(badTokens)) {
        const response = await api.request(
          route.method,
          route.path,
          route.body,
          token === undefined ? {} : { headers: { 'x-auth-token': token } },
        );
        expect(response.status, kind).toBe(401);
        expect(response.json, kind).toEqual({ message: 'User not authorized' });
      }
    });

    it(`lets a valid token through on ${route.method} ${route.path}`, async () => {
      // A customer of its own: the route may be a deletion.
      const { token } = await registerCustomer(api);
      const response = await api.request(route.method, route.path, route.body, { token });
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
    });
  }
});
