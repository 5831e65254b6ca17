import type { CustomerInfo } from '@stickwork/domain';

/** GET /api/customer-info of a verified customer on an active monthly Premium plan, for tests. */
export const customerInfo = (overrides: Partial<CustomerInfo> = {}): CustomerInfo => ({
  firstname: 'Ringo',
  lastname: 'Starr',
  email: 'ringo@example.com',
  emailVerified: true,
  status: 'active',
  cancelAt: null,
  cancelAtPeriodEnd: false,
  tier: 'premium',
  billingPeriod: 'monthly',
  trialEndsAt: null,
  nextChargeAt: Date.UTC(2026, 11, 21, 12) / 1000,
  nextChargeCents: 1599,
  trialAvailable: false,
  ...overrides,
});
