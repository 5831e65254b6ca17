import type { BillingPeriod, SubscriptionStatus, Tier } from '../rules/plans.js';

/** GET /api/customer-info (product-spec §3 "Account data"), shared by server and web. */
export interface CustomerInfo {
  firstname: string;
  lastname: string;
  email: string;
  status: SubscriptionStatus;
  /** Unix seconds of a scheduled cancellation, or null. */
  cancelAt: number | null;
  cancelAtPeriodEnd: boolean;
  /** The plan the customer has now ('freemium' when no paid subscription runs). */
  tier: Tier;
  /** How the paid plan is billed; null on the free plan. */
  billingPeriod: BillingPeriod | null;
  /** Unix seconds when the 14-day trial ends, while trialing; otherwise null. */
  trialEndsAt: number | null;
  /**
   * Unix seconds of the next charge (the end of the trial or of the paid period) and its amount in
   * euro cents; both null when nothing will be charged (free plan, or cancelled at period end).
   */
  nextChargeAt: number | null;
  nextChargeCents: number | null;
  /** Whether the customer confirmed their email address (the token may say so only after a refresh). */
  emailVerified: boolean;
  /** Whether a checkout now starts the 14-day trial (only a customer's first paid checkout does). */
  trialAvailable: boolean;
}
