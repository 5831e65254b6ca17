import { createHash } from 'node:crypto';

/** One stream per address, keyed by a digest, so the stream id never shows the address. */
export const newsletterStreamFor = (email: string): string =>
  `newsletter-${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;
