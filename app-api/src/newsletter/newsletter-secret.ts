import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The secret in a newsletter confirmation link: a signed JWT (HS256) carrying the address. The
 * accounts helper (accounts/one-time-secrets.ts) is bound to customer ids and its two purposes, so
 * this one follows its recipe with a key of its own: a login token or account link never passes here.
 */
export const NEWSLETTER_SECRET_LIFETIME_SECONDS = 3 * 24 * 60 * 60;

const ISSUER = 'stickwork';
const AUDIENCE = 'stickwork:newsletter';

const keyFor = (jwtSecret: string): Uint8Array =>
  new Uint8Array(createHmac('sha256', jwtSecret).update('newsletter').digest());

export const issueNewsletterSecret = (jwtSecret: string, email: string, now: Date): Promise<string> => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + NEWSLETTER_SECRET_LIFETIME_SECONDS)
    .sign(keyFor(jwtSecret));
};

/** The address of a genuine, unexpired confirmation secret; null for anything else. */
export const verifyNewsletterSecret = async (
  jwtSecret: string,
  secret: string,
  now: Date,
): Promise<string | null> => {
  try {
    const { payload } = await jwtVerify(secret, keyFor(jwtSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['iat', 'exp'],
    });
    return typeof payload.email === 'string' ? payload.email : null;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
};
