import { describe, expect, it } from 'vitest';
import type { CustomerInfo } from '@stickwork/domain';
import { formatUsableUntil, subscriptionSectionOf } from './subscription-section';

const customer = (overrides: Partial<CustomerInfo>): CustomerInfo => ({
  firstname: 'Ringo',
  lastname: 'Starr',
  email: 'ringo@example.com',
  status: 'active',
  cancelAt: null,
  cancelAtPeriodEnd: false,
  ...overrides,
});

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
});
