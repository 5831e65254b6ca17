import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAID_TIERS, type SubscriptionStatus, type Tier } from './plans.js';
import { customerDay, isAuthorised, lessonsLeftToday } from './usage.js';

const tierArb = fc.constantFrom<Tier>('freemium', ...PAID_TIERS);
const statusArb = fc.constantFrom<SubscriptionStatus>(
  'freemium',
  'trialing',
  'active',
  'past_due',
  'canceled',
);
const usedArb = fc.nat({ max: 50 });
/** Freemium, or a subscription that ended: the 3-lessons-a-day plan. */
const isLimited = (tier: Tier, status: SubscriptionStatus) =>
  status === 'freemium' || status === 'canceled' || (tier === 'freemium' && status !== 'trialing');

describe('lessonsLeftToday', () => {
  it('leaves 3 minus the usage (never below 0) on freemium, and no limit on a live paid plan or a trial', () => {
    fc.assert(
      fc.property(tierArb, statusArb, usedArb, (tier, status, used) => {
        const left = lessonsLeftToday({ tier, status }, used);
        if (isLimited(tier, status)) expect(left).toBe(Math.max(0, 3 - used));
        else expect(left).toBeNull();
      }),
    );
  });

  it('never grows with usage', () => {
    fc.assert(
      fc.property(tierArb, statusArb, usedArb, usedArb, (tier, status, a, b) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        const leftAfterMore = lessonsLeftToday({ tier, status }, more);
        const leftAfterFewer = lessonsLeftToday({ tier, status }, fewer);
        if (leftAfterMore !== null && leftAfterFewer !== null)
          expect(leftAfterMore).toBeLessThanOrEqual(leftAfterFewer);
      }),
    );
  });
});

describe('isAuthorised', () => {
  it('refuses exactly a freemium customer whose usage is 3 or more (product-spec §4)', () => {
    fc.assert(
      fc.property(tierArb, statusArb, usedArb, (tier, status, used) => {
        expect(isAuthorised({ tier, status }, used)).toBe(!(isLimited(tier, status) && used >= 3));
      }),
    );
    expect(isAuthorised({ tier: 'freemium', status: 'freemium' }, 2)).toBe(true);
    expect(isAuthorised({ tier: 'freemium', status: 'freemium' }, 3)).toBe(false);
    expect(isAuthorised({ tier: 'basic', status: 'active' }, 3)).toBe(true);
  });
});

describe('customerDay', () => {
  it("is the calendar day in the customer's zone, UTC when the zone is missing or invalid", () => {
    const lateEvening = new Date('2025-06-30T23:30:00Z');
    expect(customerDay(lateEvening, 'Europe/Berlin')).toBe('2025-07-01');
    expect(customerDay(lateEvening, 'America/Los_Angeles')).toBe('2025-06-30');
    expect(customerDay(lateEvening, undefined)).toBe('2025-06-30');
    expect(customerDay(lateEvening, 'Mars/Olympus_Mons')).toBe('2025-06-30');
  });
});
