import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { DEFAULT_ACCOUNT_RATE_LIMITS } from '../auth/rate-limits.js';
import {
  apiClient,
  nextClientIp,
  PASSWORD,
  registerCustomer,
  uniqueEmail,
} from './testing/account-fixtures.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => apiClient(server, { ip: nextClientIp() });
const TOO_MANY_LOGINS = 'Too many login attempts. Please wait a few minutes and try again.';
const { loginPerIp, loginPerEmail, mailPerEmail, mailPerIp } = DEFAULT_ACCOUNT_RATE_LIMITS;

describe('rate limits', () => {
  it('stops logins from one address after its limit, with a text 429', async () => {
    const api = client();
    for (let attempt = 0; attempt < loginPerIp.limit; attempt++) {
      const response = await api.post('/api/authenticate', { email: uniqueEmail(), password: 'Wrong-123' });
      expect(response.status).toBe(401);
    }
    const blocked = await api.post('/api/authenticate', { email: uniqueEmail(), password: 'Wrong-123' });
    expect(blocked.status).toBe(429);
    expect(blocked.contentType).toMatch(/^text\/plain/);
    expect(blocked.text).toBe(TOO_MANY_LOGINS);
    expect(blocked.json).toBeUndefined();
    // Another address is not affected.
    expect((await client().post('/api/authenticate', { email: uniqueEmail(), password: 'x' })).status).toBe(
      401,
    );
  });

  it('stops failed logins to one email from many addresses, even with the right password then', async () => {
    const { email } = await registerCustomer(client());
    for (let attempt = 0; attempt < loginPerEmail.limit; attempt++) {
      const response = await client().post('/api/authenticate', { email, password: 'Wrong-123' });
      expect(response.status).toBe(401);
    }
    const blocked = await client().post('/api/authenticate', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.text).toBe(TOO_MANY_LOGINS);
  });

  it('does not count successful logins against the email', async () => {
    const { email } = await registerCustomer(client());
    for (let attempt = 0; attempt <= loginPerEmail.limit; attempt++) {
      expect((await client().post('/api/authenticate', { email, password: PASSWORD })).status).toBe(200);
    }
  });

  it('limits verification and recovery mails per email across both routes', async () => {
    const { email } = await registerCustomer(client());
    const paths = [
      `/api/pw-recovery?email=${encodeURIComponent(email)}`,
      `/api/verify/email/request-verification?email=${encodeURIComponent(email)}`,
    ];
    for (let attempt = 0; attempt < mailPerEmail.limit; attempt++) {
      expect((await client().get(paths[attempt % 2]!)).status).toBe(200);
    }
    for (const path of paths) {
      const blocked = await client().get(path);
      expect(blocked.status).toBe(429);
      expect(blocked.json).toEqual({
        message: 'Too many email requests. Please wait a few minutes and try again.',
      });
    }
  });

  it('limits mail requests per address', async () => {
    const api = client();
    for (let attempt = 0; attempt < mailPerIp.limit; attempt++) {
      expect((await api.get(`/api/pw-recovery?email=${uniqueEmail()}`)).status).toBe(404);
    }
    expect((await api.get(`/api/verify/email/request-verification?email=${uniqueEmail()}`)).status).toBe(429);
  });
});
