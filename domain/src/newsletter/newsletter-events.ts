import type { DomainEvent } from '../decider/decider.js';

/**
 * `newsletter-<keyed digest of the address>` (the id is made where hashing is, in app-api): the landing
 * page's double opt-in. The confirmation keeps the address and the time, the proof of consent a
 * newsletter needs; it is deleted with the account.
 */
export type NewsletterSubscriptionConfirmed = DomainEvent<
  'NewsletterSubscriptionConfirmed',
  { email: string; confirmedAt: string }
>;

export type NewsletterEvent = NewsletterSubscriptionConfirmed;

export const newsletterEventSchemaVersions: Record<NewsletterEvent['type'], number> = {
  NewsletterSubscriptionConfirmed: 1,
};
