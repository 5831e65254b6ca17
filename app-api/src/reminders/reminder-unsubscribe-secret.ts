import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret of a reminder mail's unsubscribe link: who it is for, the opt-in the mail was sent for
 * and when the link was made, and an HMAC-SHA256 of them under a key derived from the login-token
 * secret for this one purpose. It works without a login and cannot be made up or altered; whether
 * it still works (the same opt-in, not older than `UNSUBSCRIBE_LINK_DAYS`) is the service's check.
 */
export interface UnsubscribeClaim {
  customerId: string;
  /** The opt-in (`PracticeRemindersSet.optInId`) in force when the mail went out. */
  optInId: string;
  issuedAt: Date;
}

const keyFor = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('reminder-unsubscribe').digest();

const signatureOf = (jwtSecret: string, payload: string) =>
  createHmac('sha256', keyFor(jwtSecret)).update(payload, 'utf8').digest();

const payloadOf = ({ customerId, optInId, issuedAt }: UnsubscribeClaim) =>
  [customerId, optInId, String(issuedAt.getTime())].join('\n');

export const reminderUnsubscribeSecret = (jwtSecret: string, claim: UnsubscribeClaim): string => {
  const payload = payloadOf(claim);
  return `${Buffer.from(payload, 'utf8').toString('base64url')}.${signatureOf(jwtSecret, payload).toString('base64url')}`;
};

/** The claim of a genuine secret; null for anything else (forged, altered, or of the old format). */
export const verifyReminderUnsubscribeSecret = (
  jwtSecret: string,
  secret: unknown,
): UnsubscribeClaim | null => {
  if (typeof secret !== 'string' || secret.length > 1024) return null;
  const [encoded, signature, extra] = secret.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(jwtSecret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [customerId, optInId, issuedAt, more] = payload.split('\n');
  if (!customerId || !optInId || !issuedAt || more !== undefined || !/^\d+$/.test(issuedAt)) return null;
  return { customerId, optInId, issuedAt: new Date(Number(issuedAt)) };
};
