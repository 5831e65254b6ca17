import { createHmac, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The secrets in mailed links: signed JWTs (HS256) with a key of their own per purpose, derived
 * from the signing secret, so a login token never passes for a link secret or the other way round.
 */
export type SecretPurpose = 'verify-email' | 'password-recovery';

/** A verification link lasts three days, a recovery link an hour. */
export const SECRET_LIFETIME_SECONDS: Record<SecretPurpose, number> = {
  'verify-email': 3 * 24 * 60 * 60,
  'password-recovery': 60 * 60,
};

const ISSUER = 'stickwork';
const audienceOf = (purpose: SecretPurpose) => `stickwork:${purpose}`;

const keyFor = (jwtSecret: string, purpose: SecretPurpose): Uint8Array =>
  new Uint8Array(createHmac('sha256', jwtSecret).update(purpose).digest());

export interface SecretClaims {
  customerId: string;
  /** Unique per secret: what a single-use check records. */
  jti: string;
  /** Issued at, seconds. */
  iat: number;
  [claim: string]: unknown;
}

export const issueSecret = (
  jwtSecret: string,
  purpose: SecretPurpose,
  customerId: string,
  extraClaims: Record<string, string>,
  now: Date,
): Promise<string> => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...extraClaims, customerId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audienceOf(purpose))
    .setSubject(customerId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SECRET_LIFETIME_SECONDS[purpose])
    .sign(keyFor(jwtSecret, purpose));
};

/** The claims of a genuine, unexpired secret of this purpose; null for anything else. */
export const verifySecret = async (
  jwtSecret: string,
  purpose: SecretPurpose,
  secret: string,
  now: Date,
): Promise<SecretClaims | null> => {
  try {
    const { payload } = await jwtVerify(secret, keyFor(jwtSecret, purpose), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: audienceOf(purpose),
      currentDate: now,
      requiredClaims: ['jti', 'iat', 'exp', 'sub'],
    });
    if (typeof payload.customerId !== 'string' || payload.sub !== payload.customerId) return null;
    return payload as SecretClaims;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
};

/**
 * Ties a recovery secret to the password it replaces: once the password changes, every secret
 * issued before stops working. A keyed digest, so the link reveals nothing about the hash.
 */
export const passwordFingerprint = (jwtSecret: string, passwordHash: string): string =>
  createHmac('sha256', keyFor(jwtSecret, 'password-recovery'))
    .update(passwordHash)
    .digest('base64url')
    .slice(0, 22);
