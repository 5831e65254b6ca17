import { errors, jwtVerify, SignJWT } from 'jose';
import type { SubscriptionStatus, Tier } from '@stickwork/domain';

/** The login token's payload (product-spec §3 "Login token"). */
export interface LoginClaims {
  customerId: string;
  firstname: string;
  verification_state: 'verified' | 'unverified';
  subscription_status: SubscriptionStatus;
  activeTier: Tier;
}

/** A login lasts a week; the web app refreshes the token when the plan changes. */
export const LOGIN_TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'stickwork';
const LOGIN_AUDIENCE = 'stickwork:login';

/** Enough for every session active at once on one server; the oldest entry leaves first. */
const VERIFIED_TOKENS_KEPT = 10_000;

interface SecretState {
  /**
   * The signing key, imported once (not on every request). A WebCrypto key, which jose uses as it is:
   * given a KeyObject (or bytes) it exports and imports the key again on every call (4.5 % of a
   * practice write's CPU, issue 37).
   */
  key: Promise<CryptoKey>;
  /**
   * Tokens whose signature, issuer and audience passed, with their expiry (s): the same bytes verify the
   * same way, so a session's next request checks only the expiry, not the HMAC again (the signature
   * check was 7 % of a practice write's CPU, issue 37). Only tokens without `nbf`.
   */
  verified: Map<string, { claims: LoginClaims; expiresAt: number }>;
}

/** Per secret: a process has one, a test run a few. */
const secrets = new Map<string, SecretState>();
const stateOf = (secret: string): SecretState => {
  let state = secrets.get(secret);
  if (!state) {
    const key = crypto.subtle.importKey(
      'raw',
      Buffer.from(secret, 'utf8'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    secrets.set(secret, (state = { key, verified: new Map() }));
  }
  return state;
};

/**
 * `iat` counts whole seconds; `iat_ms` is the issuing instant in milliseconds, so a token issued
 * earlier in the same second as a password change is still recognised as older than it.
 */
const ISSUED_AT_MS_CLAIM = 'iat_ms';

/** When a verified token was issued, in ms (`iat_ms`; a token without it: the start of its `iat` second). */
export const issuedAtMs = (claims: LoginClaims): number | null => {
  const { iat_ms: ms, iat } = claims as LoginClaims & { iat_ms?: unknown; iat?: unknown };
  if (typeof ms === 'number' && Number.isSafeInteger(ms)) return ms;
  return typeof iat === 'number' ? iat * 1000 : null;
};

export const issueLoginToken = async (secret: string, claims: LoginClaims, now: Date): Promise<string> =>
  new SignJWT({ ...claims, [ISSUED_AT_MS_CLAIM]: now.getTime() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.customerId)
    .setIssuer(ISSUER)
    .setAudience(LOGIN_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + LOGIN_TOKEN_LIFETIME_SECONDS)
    .sign(await stateOf(secret).key);

/** Verifies signature (HS256 only: `alg: none` and foreign keys fail), expiry, issuer and audience. */
export const verifyLoginToken = async (
  secret: string,
  token: string,
  now: Date,
): Promise<LoginClaims | null> => {
  const { key, verified } = stateOf(secret);
  const known = verified.get(token);
  if (known) return now.getTime() / 1000 < known.expiresAt ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, await key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: LOGIN_AUDIENCE,
      currentDate: now,
    });
    if (typeof payload.customerId !== 'string' || payload.sub !== payload.customerId) return null;
    const claims = payload as unknown as LoginClaims;
    if (typeof payload.exp === 'number' && payload.nbf === undefined) {
      verified.set(token, { claims, expiresAt: payload.exp });
      if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    }
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
};
