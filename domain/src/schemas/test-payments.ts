import { z } from 'zod';
import { PRICE_IDS, type PriceId } from '../rules/prices.js';
import type { BillingPeriod, PaidTier, SubscriptionStatus } from '../rules/plans.js';

/**
 * The local test-payment provider's own HTTP contract (no Stripe): the card form's payment and
 * the local customer portal, shared by the server and the web pages.
 */
const cardField = (max: number) =>
  z.string({ error: 'is required' }).max(max, `must be at most ${max} characters`);

/** POST /api/payment/test-payments/pay */
export const testPaymentRequestSchema = z.object({
  clientSecret: cardField(200),
  number: cardField(30),
  expiry: cardField(10),
  cvc: cardField(10),
  name: cardField(100),
});
export type TestPaymentRequest = z.output<typeof testPaymentRequestSchema>;

/** POST /api/payment/test-payments/portal */
export const testPortalActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('change-plan'), priceId: z.enum(PRICE_IDS) }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('fail-payment') }),
  z.object({ action: z.literal('pay-overdue') }),
]);
export type TestPortalAction = z.output<typeof testPortalActionSchema>;

/** GET (and the answer of POST) /api/payment/test-payments/portal */
export interface TestPortalView {
  email: string;
  subscription: {
    tier: PaidTier;
    period: BillingPeriod;
    priceId: PriceId;
    status: SubscriptionStatus;
    trialEndsAt: string | null;
    currentPeriodEnd: string;
    cancelAt: string | null;
  } | null;
  priceIds: readonly PriceId[];
}
