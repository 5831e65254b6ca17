import { describe, expect, it } from 'vitest';
import type { CustomerInfo } from '@stickwork/domain';
import { customerInfo } from '../../testing/customer-info';
import { formatUsableUntil, subscriptionFactsOf, subscriptionSectionOf } from './subscription-section';

const customer = customerInfo;

describe('the subscription tab', () => {
  it('offers cancelling an active or trialing subscription, with the portal', () => {
    for (const status of ['active', 'trialing'] as const) {
      const section = subscriptionSectionOf(customer({ status }));
      expect(section.cancel).toEqual({ kind: 'cancel' });
      expect(section.showManageButton).toBe(true);
      expect(section.showPricingLink).toBe(false);
    }
  });

  it('a scheduled cancellation shows the message and the date from cancelAt', () => {
    const cancelAt = Date.UTC(2026, 11, 21, 12) / 1000;
    const section = subscriptionSectionOf(customer({ cancelAt, cancelAtPeriodEnd: true }));
    expect(section.cancel).toEqual({
      kind: 'canceled',
      message: 'Your subscription has been canceled.',
      usableUntil: new Date(cancelAt * 1000),
    });
  });

  it('freemium: no cancel section, no portal, a way to the plans', () => {
    const section = subscriptionSectionOf(customer({ status: 'freemium' }));
    expect(section).toMatchObject({
      cancel: { kind: 'none' },
      showManageButton: false,
      showPricingLink: true,
    });
  });

  it('past due offers no cancel form', () => {
    expect(subscriptionSectionOf(customer({ status: 'past_due' })).cancel).toEqual({ kind: 'none' });
  });

  it('formats the date in the given locale', () => {
    const date = new Date(Date.UTC(2026, 11, 21, 12));
    expect(formatUsableUntil(date, 'en-US')).toBe('December 21, 2026');
    expect(formatUsableUntil(date, 'de-DE')).toBe('21. Dezember 2026');
  });

  describe('the plan facts', () => {
    const terms = (info: CustomerInfo) =>
      Object.fromEntries(subscriptionFactsOf(info, 'en-GB').map((fact) => [fact.term, fact.value]));

    it('a free plan: the plan and its status, nothing billed', () => {
      const info = customer({
        status: 'freemium',
        tier: 'freemium',
        billingPeriod: null,
        nextChargeAt: null,
        nextChargeCents: null,
        trialAvailable: true,
      });
      expect(terms(info)).toEqual({ Plan: 'Freemium', Status: 'Free plan' });
    });

    it('a trial: plan, billing, the trial end and the first charge with its amount', () => {
      const trialEnd = Date.UTC(2026, 2, 24, 9) / 1000;
      const info = customer({
        status: 'trialing',
        tier: 'basic',
        billingPeriod: 'yearly',
        trialEndsAt: trialEnd,
        nextChargeAt: trialEnd,
        nextChargeCents: 4999,
      });
      expect(terms(info)).toEqual({
        Plan: 'Basic',
        Billing: 'Yearly',
        Status: 'Free trial',
        'Trial ends': '24 March 2026',
        'Next charge': '49.99 € on 24 March 2026',
        Renewal: 'Renews automatically',
      });
    });

    it('cancelled at period end: no next charge, and the day it ends', () => {
      const info = customer({
        cancelAtPeriodEnd: true,
        cancelAt: Date.UTC(2026, 11, 21, 12) / 1000,
        nextChargeAt: null,
        nextChargeCents: null,
      });
      expect(terms(info)).toEqual({
        Plan: 'Premium',
        Billing: 'Monthly',
        Status: 'Active',
        Renewal: 'Cancelled: ends on 21 December 2026',
      });
    });
  });
});
