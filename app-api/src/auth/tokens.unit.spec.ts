import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import {
  issuedAtMs,
  issueLoginToken,
  verifyLoginToken,
  LOGIN_TOKEN_LIFETIME_SECONDS,
  type LoginClaims,
} from './tokens.js';

const secret = 'a-test-signing-secret-of-at-least-32-characters';
const now = new Date('2026-11-21T10:00:00Z');
const claims: LoginClaims = {
  customerId: 'c-1',
  firstname: 'Ringo',
  verification_state: 'unverified',
  subscription_status: 'freemium',
  activeTier: 'freemium',
};

describe('login tokens', () => {
  it('carry the spec fields and an expiry in seconds', async () => {
    const token = await issueLoginToken(secret, claims, now);
    const verified = await verifyLoginToken(secret, token, now);
    expect(verified).toMatchObject({ ...claims, exp: now.getTime() / 1000 + LOGIN_TOKEN_LIFETIME_SECONDS });
  });

  it('are refused once expired', async () => {
    const token = await issueLoginToken(secret, claims, now);
    const later = new Date(now.getTime() + (LOGIN_TOKEN_LIFETIME_SECONDS + 1) * 1000);
    expect(await verifyLoginToken(secret, token, later)).toBeNull();
  });

  it('are refused once expired, also after being verified before (a session in use)', async () => {
    const token = await issueLoginToken(secret, claims, now);
    const lastSecond = new Date(now.getTime() + (LOGIN_TOKEN_LIFETIME_SECONDS - 1) * 1000);
    expect(await verifyLoginToken(secret, token, now)).toMatchObject(claims);
    expect(await verifyLoginToken(secret, token, lastSecond)).toMatchObject(claims);
    const expiry = new Date(now.getTime() + LOGIN_TOKEN_LIFETIME_SECONDS * 1000);
    expect(await verifyLoginToken(secret, token, expiry)).toBeNull();
  });

  it('verified with one secret are not taken as verified with another', async () => {
    const token = await issueLoginToken(secret, claims, now);
    expect(await verifyLoginToken(secret, token, now)).toMatchObject(claims);
    expect(await verifyLoginToken('another-secret-that-is-also-long-enough!!', token, now)).toBeNull();
  });

  it('are refused when tampered with', async () => {
    const token = await issueLoginToken(secret, claims, now);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, activeTier: 'exclusive' })).toString('base64url');
    expect(await verifyLoginToken(secret, `${header}.${forged}.${signature}`, now)).toBeNull();
  });

  it('are refused when signed with another key or with alg none', async () => {
    const foreign = await issueLoginToken('another-secret-that-is-also-long-enough!!', claims, now);
    expect(await verifyLoginToken(secret, foreign, now)).toBeNull();
    const unsecured = new UnsecuredJWT({ ...claims })
      .setSubject('c-1')
      .setIssuer('stickwork')
      .setAudience('stickwork:login')
      .setExpirationTime('1h')
      .encode();
    expect(await verifyLoginToken(secret, unsecured, now)).toBeNull();
  });

  it('are refused when signed for another purpose', async () => {
    const other = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('c-1')
      .setIssuer('stickwork')
      .setAudience('stickwork:recovery')
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 60)
      .sign(new TextEncoder().encode(secret));
    expect(await verifyLoginToken(secret, other, now)).toBeNull();
  });

  it('are refused when they are not tokens at all', async () => {
    for (const garbage of ['', 'abc', 'a.b.c', '...', 'x'.repeat(5000)]) {
      expect(await verifyLoginToken(secret, garbage, now)).toBeNull();
    }
  });
});

describe('the issuing instant', () => {
  it('is kept to the millisecond, so a password change later in the same second outdates the token', async () => {
    const at = new Date('2026-11-21T10:00:00.123Z');
    const verified = await verifyLoginToken(secret, await issueLoginToken(secret, claims, at), at);
    expect(issuedAtMs(verified!)).toBe(at.getTime());
  });

  it('falls back to the start of the iat second for a token without it', () => {
    expect(issuedAtMs({ ...claims, iat: 1_700_000_000 } as LoginClaims)).toBe(1_700_000_000_000);
  });
});
