import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import {
  apiClient,
  linkIn,
  mailsTo,
  nextClientIp,
  uniqueEmail,
} from '../accounts/testing/account-fixtures.js';
import {
  NEWSLETTER_CONFIRMED_REDIRECT,
  NEWSLETTER_INVALID_REDIRECT,
  NEWSLETTER_MESSAGES,
} from './newsletter-router.js';
import { issueNewsletterSecret } from './newsletter-secret.js';

let now = new Date('2026-11-21T10:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://stickwork.example' }, { clock: () => now });
});
afterAll(() => server.close());

const client = () => apiClient(server, { ip: nextClientIp() });

/** Follows a confirmation link against the test server without following the redirect. */
const confirm = async (secret: string) => {
  const response = await fetch(`${server.url}/api/newsletter/confirm?secret=${encodeURIComponent(secret)}`, {
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
};

const confirmations = (email: string) =>
  server.backend.store.readStream(server.backend.reservations.newsletter(email));

describe('newsletter double opt-in', () => {
  it('mails a link, records nothing until it is followed, then records the confirmation once', async () => {
    const email = uniqueEmail('newsletter');
    const response = await client().post('/api/newsletter', { email });
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ message: NEWSLETTER_MESSAGES.confirmationSent });
    expect(await confirmations(email)).toEqual([]);

    const mails = await mailsTo(server.dataDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Please confirm your Stickwork newsletter subscription');
    const link = linkIn(mails[0]!);
    expect(`${link.origin}${link.pathname}`).toBe('https://stickwork.example/api/newsletter/confirm');

    expect(await confirm(link.searchParams.get('secret')!)).toEqual({
      status: 303,
      location: NEWSLETTER_CONFIRMED_REDIRECT,
    });
    const events = await confirmations(email);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['NewsletterSubscriptionConfirmed', { email, confirmedAt: now.toISOString() }],
    ]);
    expect(events[0]!.streamId).toMatch(/^newsletter-[0-9a-f]{64}$/);

    // A second click changes nothing and still thanks the visitor.
    expect((await confirm(link.searchParams.get('secret')!)).location).toBe(NEWSLETTER_CONFIRMED_REDIRECT);
    expect(await confirmations(email)).toHaveLength(1);

    // Signing up again once confirmed answers the same and sends no mail.
    expect((await client().post('/api/newsletter', { email })).status).toBe(202);
    expect(await mailsTo(server.dataDir, email)).toHaveLength(1);
  });

  it('refuses a tampered, foreign or expired secret and records nothing', async () => {
    const email = uniqueEmail('newsletter');
    await client().post('/api/newsletter', { email });
    const secret = linkIn((await mailsTo(server.dataDir, email))[0]!).searchParams.get('secret')!;
    const [header, payload, signature] = secret.split('.');
    const foreignKey = await issueNewsletterSecret('another-signing-secret', email, now);

    expect((await confirm(`${header}.${payload}x.${signature}`)).location).toBe(NEWSLETTER_INVALID_REDIRECT);
    expect((await confirm(foreignKey)).location).toBe(NEWSLETTER_INVALID_REDIRECT);
    expect((await confirm('')).location).toBe(NEWSLETTER_INVALID_REDIRECT);

    now = new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000 + 1000);
    expect((await confirm(secret)).location).toBe(NEWSLETTER_INVALID_REDIRECT);
    expect(await confirmations(email)).toEqual([]);
  });

  it('answers a bad email with 400 and its field message', async () => {
    const response = await client().post('/api/newsletter', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      message: 'email must be a valid email',
      errors: { email: ['must be a valid email'] },
    });
  });

  it('limits sign-ups per address', async () => {
    const email = uniqueEmail('newsletter');
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await client().post('/api/newsletter', { email })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await client().post('/api/newsletter', { email });
    expect(limited.json).toEqual({ message: NEWSLETTER_MESSAGES.tooManyRequests });
  });
});
