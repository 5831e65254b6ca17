import { describe, expect, it } from 'vitest';
import { issueLoginToken, verifyLoginToken } from '../auth/tokens.js';
import {
  issueSecret,
  passwordFingerprint,
  SECRET_LIFETIME_SECONDS,
  verifySecret,
} from './one-time-secrets.js';

const jwtSecret = 'a-test-signing-secret-of-at-least-32-characters';
const now = new Date('2026-11-21T10:00:00Z');
const seconds = (count: number) => new Date(now.getTime() + count * 1000);

describe('one-time secrets', () => {
  it('carry the customer, a unique id and extra claims', async () => {
    const secret = await issueSecret(jwtSecret, 'password-recovery', 'c-1', { firstname: 'Ringo' }, now);
    const other = await issueSecret(jwtSecret, 'password-recovery', 'c-1', { firstname: 'Ringo' }, now);
    const claims = await verifySecret(jwtSecret, 'password-recovery', secret, now);
    expect(claims).toMatchObject({ customerId: 'c-1', firstname: 'Ringo', iat: now.getTime() / 1000 });
    expect(claims?.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((await verifySecret(jwtSecret, 'password-recovery', other, now))?.jti).not.toBe(claims?.jti);
  });

  it('expire: verification after three days, recovery after an hour', async () => {
    expect(SECRET_LIFETIME_SECONDS).toEqual({ 'verify-email': 259_200, 'password-recovery': 3_600 });
    const verify = await issueSecret(jwtSecret, 'verify-email', 'c-1', {}, now);
    expect(await verifySecret(jwtSecret, 'verify-email', verify, seconds(259_199))).not.toBeNull();
    expect(await verifySecret(jwtSecret, 'verify-email', verify, seconds(259_201))).toBeNull();
    const recovery = await issueSecret(jwtSecret, 'password-recovery', 'c-1', {}, now);
    expect(await verifySecret(jwtSecret, 'password-recovery', recovery, seconds(3_599))).not.toBeNull();
    expect(await verifySecret(jwtSecret, 'password-recovery', recovery, seconds(3_601))).toBeNull();
  });

  it('are good for their own purpose only, and never as a login token', async () => {
    const verify = await issueSecret(jwtSecret, 'verify-email', 'c-1', {}, now);
    expect(await verifySecret(jwtSecret, 'password-recovery', verify, now)).toBeNull();
    expect(await verifyLoginToken(jwtSecret, verify, now)).toBeNull();
    const login = await issueLoginToken(
      jwtSecret,
      {
        customerId: 'c-1',
        firstname: 'Ringo',
        verification_state: 'verified',
        subscription_status: 'freemium',
        activeTier: 'freemium',
      },
      now,
    );
    expect(await verifySecret(jwtSecret, 'verify-email', login, now)).toBeNull();
  });

  it('are refused under another signing secret or when altered', async () => {
    const secret = await issueSecret(jwtSecret, 'verify-email', 'c-1', {}, now);
    expect(
      await verifySecret('another-signing-secret-of-at-least-32-chars', 'verify-email', secret, now),
    ).toBeNull();
    const [header, payload, signature] = secret.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        customerId: 'c-2',
        sub: 'c-2',
      }),
    ).toString('base64url');
    expect(await verifySecret(jwtSecret, 'verify-email', `${header}.${forged}.${signature}`, now)).toBeNull();
  });

  it('fingerprint a password hash without revealing it, differently per hash', () => {
    const first = passwordFingerprint(jwtSecret, '$argon2id$v=19$m=19456,t=2,p=1$salt$hash-one');
    expect(first).toHaveLength(22);
    expect(first).toBe(passwordFingerprint(jwtSecret, '$argon2id$v=19$m=19456,t=2,p=1$salt$hash-one'));
    expect(first).not.toBe(passwordFingerprint(jwtSecret, '$argon2id$v=19$m=19456,t=2,p=1$salt$hash-two'));
    expect(first).not.toContain('argon2');
  });
});
