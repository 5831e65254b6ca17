import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MIN_LENGTH } from '@stickwork/domain';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { verifyLoginToken } from '../auth/tokens.js';
import { issueSecret } from './one-time-secrets.js';
import {
  apiClient,
  decodeJwtPayload,
  linkIn,
  mailsTo,
  nextClientIp,
  PASSWORD,
  registerCustomer,
} from './testing/account-fixtures.js';

/** The clock the server runs on; tests move it forward to expire links. */
let now = new Date('2026-11-21T10:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://stickwork.example' }, { clock: () => now });
});
afterAll(() => server.close());

const client = () => apiClient(server, { ip: nextClientIp() });
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const HOUR = 60 * 60 * 1000;

const lastMail = async (email: string) => {
  const mails = await mailsTo(server.dataDir, email);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return { mail, count: mails.length };
};

describe('email verification', () => {
  it('follows the mailed link to a verified token, once', async () => {
    const api = client();
    const { email } = await registerCustomer(api);
    const { mail } = await lastMail(email);
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://stickwork.example/verify-mail/');
    const secret = link.searchParams.get('secret')!;

    const response = await api.get(`/api/verify/email?secret=${encodeURIComponent(secret)}`);
    expect(response.status).toBe(200);
    const claims = await verifyLoginToken(
      server.backend.jwtSecret,
      (response.json as { token: string }).token,
      now,
    );
    expect(claims?.verification_state).toBe('verified');

    const again = await api.get(`/api/verify/email?secret=${encodeURIComponent(secret)}`);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: 'This email address is already verified.' });

    // A login afterwards says verified too.
    const login = await api.post('/api/authenticate', { email, password: PASSWORD });
    expect(decodeJwtPayload((login.json as { token: string }).token).verification_state).toBe('verified');
  });

  it('refuses a tampered, foreign-purpose or expired secret with 400', async () => {
    const api = client();
    const { email, token } = await registerCustomer(api);
    const secret = linkIn((await lastMail(email)).mail).searchParams.get('secret')!;
    const invalid = {
      message: 'This verification link is invalid or has expired. Please request a new email.',
    };

    const [header, payload, signature] = secret.split('.');
    const tampered = `${header}.${payload}x.${signature}`;
    const recoverySecret = await issueSecret(
      server.backend.jwtSecret,
      'password-recovery',
      decodeJwtPayload(token).customerId as string,
      {},
      now,
    );
    for (const candidate of [tampered, recoverySecret, token, 'garbage']) {
      const response = await api.get(`/api/verify/email?secret=${encodeURIComponent(candidate)}`);
      expect(response.status).toBe(400);
      expect(response.json).toEqual(invalid);
    }

    later(3 * 24 * HOUR + 1000);
    const expired = await api.get(`/api/verify/email?secret=${encodeURIComponent(secret)}`);
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual(invalid);
  });

  it('answers 400 per field without a secret', async () => {
    const response = await client().get('/api/verify/email');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ message: 'secret is required', errors: { secret: ['is required'] } });
  });

  it('mails a new link on request; verified and unknown emails get the same answer and a mail saying so', async () => {
    const { email } = await registerCustomer(client());
    const api = client();
    const response = await api.get(
      `/api/verify/email/request-verification?email=${encodeURIComponent(email)}`,
    );
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      message: `Validation email send successfully to ${email}, please check your emails!`,
    });
    const { mail, count } = await lastMail(email);
    expect(count).toBe(2);
    const verified = await api.get(`/api/verify/email?secret=${linkIn(mail).searchParams.get('secret')!}`);
    expect(verified.status).toBe(200);

    const again = await api.get(`/api/verify/email/request-verification?email=${encodeURIComponent(email)}`);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({
      message: `Validation email send successfully to ${email}, please check your emails!`,
    });
    const told = await lastMail(email);
    expect(told.count).toBe(3);
    expect(told.mail.subject).toBe('Your Stickwork email is already confirmed');
    expect(linkIn(told.mail).href).toBe('https://stickwork.example/login');

    const stranger = `nobody-${Date.now()}@example.com`;
    const unknown = await api.get(
      `/api/verify/email/request-verification?email=${encodeURIComponent(stranger)}`,
    );
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({
      message: `Validation email send successfully to ${stranger}, please check your emails!`,
    });
    const noAccount = await lastMail(stranger);
    expect(noAccount.mail.subject).toBe('Your Stickwork request');
    expect(noAccount.mail.text).toContain(
      'a new verification email for this address, but no Stickwork account uses it',
    );
    expect(linkIn(noAccount.mail).href).toBe('https://stickwork.example/register');

    const invalid = await api.get('/api/verify/email/request-verification?email=nope');
    expect(invalid.status).toBe(400);
    expect(invalid.json).toEqual({
      message: 'email must be a valid email',
      errors: { email: ['must be a valid email'] },
    });
  });
});

describe('password recovery', () => {
  const requestRecovery = async (email: string) => {
    const response = await client().get(`/api/pw-recovery?email=${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    const { mail } = await lastMail(email);
    return { response, mail, secret: linkIn(mail).searchParams.get('secret')! };
  };

  it('mails a signed link of 150+ characters that greets by first name, and changes the password once', async () => {
    const api = client();
    const { email, token: oldToken } = await registerCustomer(api, { firstname: 'Sandy' });
    const { response, mail, secret } = await requestRecovery(email);
    expect(response.json).toEqual({
      message: `Password recovery email sent successfully to ${email}, please check your emails and follow our instructions. In case that you don't find the email, please check your Spam folder first :)`,
    });
    expect(mail.subject).toBe('Your Stickwork password change');
    expect(mail.text).toContain('Hi Sandy,');
    expect(mail.html).toContain('Hi Sandy,');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://stickwork.example/change-password');
    expect(secret.length).toBeGreaterThanOrEqual(SECRET_MIN_LENGTH);
    // The web app greets from the secret itself.
    expect(decodeJwtPayload(secret).firstname).toBe('Sandy');

    later(1000);
    const changed = await api.post('/api/pw-recovery/change-password', { secret, password: 'New-Groove-77' });
    expect(changed.status).toBe(200);
    const claims = await verifyLoginToken(
      server.backend.jwtSecret,
      (changed.json as { token: string }).token,
      now,
    );
    // Following the mailed link proved the address.
    expect(claims).toMatchObject({ firstname: 'Sandy', verification_state: 'verified' });
    expect(
      (await api.get('/api/customer-info', { token: (changed.json as { token: string }).token })).status,
    ).toBe(200);

    const reused = await api.post('/api/pw-recovery/change-password', {
      secret,
      password: 'Other-Groove-88',
    });
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({
      message: 'This password link is invalid, expired or already used. Please request a new password email.',
    });

    expect((await api.post('/api/authenticate', { email, password: PASSWORD })).status).toBe(401);
    expect((await api.post('/api/authenticate', { email, password: 'New-Groove-77' })).status).toBe(200);
    // Sessions from before the change are over.
    expect((await api.get('/api/customer-info', { token: oldToken })).status).toBe(401);
  });

  it('refuses a link issued before a later password change', async () => {
    const api = client();
    const { email } = await registerCustomer(api);
    const first = await requestRecovery(email);
    later(1000);
    const second = await requestRecovery(email);
    expect(second.secret).not.toBe(first.secret);
    expect(
      (
        await api.post('/api/pw-recovery/change-password', {
          secret: second.secret,
          password: 'New-Groove-77',
        })
      ).status,
    ).toBe(200);
    const stale = await api.post('/api/pw-recovery/change-password', {
      secret: first.secret,
      password: 'New-Groove-78',
    });
    expect(stale.status).toBe(400);
  });

  it('lets only one of three concurrent uses of a link through', async () => {
    const api = client();
    const { email } = await registerCustomer(api);
    const { secret } = await requestRecovery(email);
    const responses = await Promise.all(
      ['Race-Winner-11', 'Race-Winner-22', 'Race-Winner-33'].map((password) =>
        api.post('/api/pw-recovery/change-password', { secret, password }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400, 400]);
  });

  it('refuses a link after an hour', async () => {
    const api = client();
    const { email } = await registerCustomer(api);
    const { secret } = await requestRecovery(email);
    later(HOUR + 1000);
    const response = await api.post('/api/pw-recovery/change-password', {
      secret,
      password: 'New-Groove-77',
    });
    expect(response.status).toBe(400);
    expect((await api.post('/api/authenticate', { email, password: PASSWORD })).status).toBe(200);
  });

  it('applies the registration password rules and the secret length, first message in front', async () => {
    const api = client();
    const { email } = await registerCustomer(api);
    const { secret } = await requestRecovery(email);
    const weak = await api.post('/api/pw-recovery/change-password', { secret, password: 'weakpass1' });
    expect(weak.status).toBe(400);
    expect(weak.json).toEqual({
      message: 'password should contain at least 1 special character',
      errors: {
        password: [
          'should contain at least 1 special character',
          'should contain at least 1 uppercase letter',
          'should contain at least 2 numeric character',
        ],
      },
    });
    const short = await api.post('/api/pw-recovery/change-password', {
      secret: 'abc',
      password: 'New-Groove-77',
    });
    expect(short.status).toBe(400);
    expect(short.json).toEqual({
      message: 'secret length must be at least 150 characters long',
      errors: { secret: ['length must be at least 150 characters long'] },
    });
    const forged = await api.post('/api/pw-recovery/change-password', {
      secret: `${secret.slice(0, -4)}AAAA`,
      password: 'New-Groove-77',
    });
    expect(forged.status).toBe(400);
  });

  it('answers an unknown email as a known one, mails it that no account uses it, and 400 for an invalid one', async () => {
    const stranger = `nobody-${Date.now()}@example.com`;
    const { response, mail } = await requestRecovery(stranger);
    expect(response.json).toEqual({
      message: `Password recovery email sent successfully to ${stranger}, please check your emails and follow our instructions. In case that you don't find the email, please check your Spam folder first :)`,
    });
    expect(mail.subject).toBe('Your Stickwork request');
    expect(mail.text).toContain(
      'a link to change the password for this address, but no Stickwork account uses it',
    );
    expect(linkIn(mail).href).toBe('https://stickwork.example/register');
    const invalid = await client().get('/api/pw-recovery?email=');
    expect(invalid.status).toBe(400);
    expect(invalid.json).toEqual({ message: 'email is required', errors: { email: ['is required'] } });
  });
});
