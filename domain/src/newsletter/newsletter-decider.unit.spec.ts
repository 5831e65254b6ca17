import { describe, it } from 'vitest';
import { givenWhenThen } from '../testing/given-when-then.js';
import { newsletterDecider } from './newsletter-decider.js';

const now = new Date('2026-05-04T18:00:00.000Z');
const given = givenWhenThen(newsletterDecider, now);
const confirm = { type: 'ConfirmNewsletterSubscription', data: { email: 'ann@example.com' } } as const;

describe('newsletter subscription', () => {
  describe('When not confirmed', () => {
    it('records the confirmation with the address and the time (the proof of consent)', () =>
      given()
        .when(confirm)
        .then([
          {
            type: 'NewsletterSubscriptionConfirmed',
            data: { email: 'ann@example.com', confirmedAt: now.toISOString() },
          },
        ]));
  });

  describe('When confirmed', () => {
    it('records nothing the second time', () =>
      given({
        type: 'NewsletterSubscriptionConfirmed',
        data: { email: 'ann@example.com', confirmedAt: '2026-05-01T09:00:00.000Z' },
      })
        .when(confirm)
        .then([]));
  });
});
