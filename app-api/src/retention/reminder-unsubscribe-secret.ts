import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secret of a reminder mail's one-click unsubscribe link: the customer id and an HMAC-SHA256 of
 * it under a key derived from the login-token secret for this one purpose, so the link works without
 * a login and cannot be made up for another customer. It does not expire: an old mail's link must
 * still stop the reminders.
 */
const keyFor = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('reminder-unsubscribe').digest();

const signatureOf = (jwtSecret: string, customerId: string) =>
  createHmac('sha256', keyFor(jwtSecret)).update(customerId, 'utf8').digest();

export const reminderUnsubscribeSecret = (jwtSecret: string, customerId: string): string =>
  `${Buffer.from(customerId, 'utf8').toString('base64url')}.${signatureOf(jwtSecret, customerId).toString('base64url')}`;

/** The customer id of a genuine secret; null for anything else. */
export const verifyReminderUnsubscribeSecret = (jwtSecret: string, secret: unknown): string | null => {
  if (typeof secret !== 'string' || secret.length > 512) return null;
  const [id, signature, extra] = secret.split('.');
  if (!id || !signature || extra !== undefined) return null;
  const customerId = Buffer.from(id, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(jwtSecret, customerId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? customerId : null;
};
