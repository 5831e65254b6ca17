import { describe, expect, it } from 'vitest';
import { customerDecider, foldEvents, type CustomerEvent } from '@stickwork/domain';
import { loginClaimsOf, normalizeEmail, type RegisteredCustomer } from './customer-records.js';
import { keyedReservationStreams } from './reservation-streams.js';

const time = '2026-01-01T00:00:00.000Z';
const history: CustomerEvent[] = [
  {
    type: 'CustomerRegistered',
    data: {
      customerId: 'c-1',
      email: 'Ringo@Example.com',
      firstname: 'Ringo',
      lastname: 'Starr',
      country: 'GB',
      passwordHash: 'hash',
      newsletterSubscription: false,
      dateTermsAndConditions: time,
      registeredAt: time,
    },
  },
];
const customerAfter = (...more: CustomerEvent[]) =>
  foldEvents(customerDecider, [...history, ...more]) as RegisteredCustomer;

describe('customer records', () => {
  it('key an email by its trimmed lower-case form, without showing it', () => {
    expect(normalizeEmail('  Ringo@Example.COM ')).toBe('ringo@example.com');
    const { email } = keyedReservationStreams('k'.repeat(32));
    const stream = email('  Ringo@Example.COM ');
    expect(stream).toBe(email('ringo@example.com'));
    expect(stream).toMatch(/^email-[0-9a-f]{64}$/);
    expect(stream).not.toBe(email('ringo@example.org'));
  });

  it('give a new customer an unverified freemium token', () => {
    expect(loginClaimsOf(customerAfter())).toEqual({
      customerId: 'c-1',
      firstname: 'Ringo',
      verification_state: 'unverified',
      subscription_status: 'freemium',
      activeTier: 'freemium',
    });
  });

  it('follow verification and the subscription into the token', () => {
    const started: CustomerEvent = {
      type: 'SubscriptionStarted',
      data: {
        tier: 'exclusive',
        period: 'yearly',
        status: 'active',
        currentPeriodEnd: time,
        startedAt: time,
      },
    };
    const customer = customerAfter({ type: 'EmailVerified', data: { verifiedAt: time } }, started);
    expect(loginClaimsOf(customer)).toMatchObject({
      verification_state: 'verified',
      subscription_status: 'active',
      activeTier: 'exclusive',
    });
    // An end follows a start: the subscription machine takes no end of a subscription that never ran.
    const ended = customerAfter(started, { type: 'SubscriptionEnded', data: { endedAt: time } });
    expect(loginClaimsOf(ended)).toMatchObject({ subscription_status: 'canceled', activeTier: 'freemium' });
  });
});
