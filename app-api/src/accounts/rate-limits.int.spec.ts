import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { DEFAULT_ACCOUNT_RATE_LIMITS } from '../auth/rate-limits.js';
import { LOGIN_THROTTLE } from '../auth/login-throttle.js';
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
const { loginPerIp, mailPerEmail, mailPerIp } = DEFAULT_ACCOUNT_RATE_LIMITS;
const { failuresBeforeDelay, failuresPerAddressAndEmail } = LOGIN_THROTTLE;

/** Polls `attempt` until `done` holds (the login wait is a second or two), bounded. */
const eventually = async <T>(attempt: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await attempt();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

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

  it('never locks the owner out of a known address, however many failures others cause', async () => {
    const owner = client();
    const { email } = await registerCustomer(owner);
    expect((await owner.post('/api/authenticate', { email, password: PASSWORD })).status).toBe(200);
    for (let attempt = 0; attempt < failuresBeforeDelay + 4; attempt++) {
      const response = await client().post('/api/authenticate', { email, password: 'Wrong-123' });
      expect([401, 429]).toContain(response.status);
    }
    const login = await owner.post('/api/authenticate', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('slows guessing at one email from many addresses: a short wait with Retry-After, then the right password works', async () => {
    const { email } = await registerCustomer(client());
    for (let attempt = 0; attempt < failuresBeforeDelay; attempt++) {
      expect((await client().post('/api/authenticate', { email, password: 'Wrong-123' })).status).toBe(401);
    }
    const newcomer = client();
    const waiting = await fetch(`${server.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientIp() },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(waiting.status).toBe(429);
    expect(await waiting.text()).toBe(TOO_MANY_LOGINS);
    const retryAfter = Number(waiting.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_THROTTLE.maxDelayMs / 1000);
    const login = await eventually(
      () => newcomer.post('/api/authenticate', { email, password: PASSWORD }),
      (response) => response.status !== 429,
    );
    expect(login.status).toBe(200);
  });

  it('stops one address after 5 failures at one email, and only that address', async () => {
    const { email } = await registerCustomer(client());
    const guesser = client();
    for (let attempt = 0; attempt < failuresPerAddressAndEmail; attempt++) {
      expect((await guesser.post('/api/authenticate', { email, password: 'Wrong-123' })).status).toBe(401);
    }
    // Once the email's short wait is over, another address logs in; the guesser stays stopped.
    const other = await eventually(
      () => client().post('/api/authenticate', { email, password: PASSWORD }),
      (response) => response.status !== 429,
    );
    expect(other.status).toBe(200);
    const guessed = await guesser.post('/api/authenticate', { email, password: PASSWORD });
    expect(guessed.status).toBe(429);
    expect(guessed.text).toBe(TOO_MANY_LOGINS);
  });

  it('does not count successful logins against the email', async () => {
    const { email } = await registerCustomer(client());
    for (let attempt = 0; attempt <= failuresBeforeDelay; attempt++) {
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
      expect((await api.get(`/api/pw-recovery?email=${uniqueEmail()}`)).status).toBe(200);
    }
    expect((await api.get(`/api/verify/email/request-verification?email=${uniqueEmail()}`)).status).toBe(429);
  });
});

describe('rate limits kept in the store', () => {
  it('are shared by two server processes on one DATA_DIR and survive a restart', async () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-limits-'));
    const first = await startTestServer({ DATA_DIR: shared });
    const second = await startTestServer({ DATA_DIR: shared });
    try {
      const ip = nextClientIp();
      // Alternate between the two: together they allow the limit once, not twice.
      for (let attempt = 0; attempt < mailPerIp.limit; attempt++) {
        const target = attempt % 2 === 0 ? first : second;
        expect((await apiClient(target, { ip }).get(`/api/pw-recovery?email=${uniqueEmail()}`)).status).toBe(
          200,
        );
      }
      expect((await apiClient(second, { ip }).get(`/api/pw-recovery?email=${uniqueEmail()}`)).status).toBe(
        429,
      );
      await first.close();
      const restarted = await startTestServer({ DATA_DIR: shared });
      try {
        expect(
          (await apiClient(restarted, { ip }).get(`/api/pw-recovery?email=${uniqueEmail()}`)).status,
        ).toBe(429);
      } finally {
        await restarted.close();
      }
    } finally {
      await second.close().catch(() => undefined);
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });
});
