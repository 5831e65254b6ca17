import type { BillingPeriod, PaidTier } from '../rules/plans.js';
import type { LiveSubscriptionStatus } from './customer-events.js';

/**
 * What a customer stream folds into. The subscription's life-cycle part (status, tier, period,
 * cancelAt) is what the subscription machine says after each event (customer-evolve); the billing
 * details beside it come from the events' data.
 */
export interface SubscriptionState {
  tier: PaidTier;
  period: BillingPeriod;
  status: LiveSubscriptionStatus;
  trialEndsAt?: string;
  currentPeriodEnd: string;
  /** Set while a cancellation at period end is scheduled. */
  cancelAt: string | null;
  providerCustomerId?: string;
  providerSubscriptionId?: string;
  /**
   * While past_due: when the payment failure that made it so happened (a retry that fails again
   * keeps it). The period-end sweep ends the subscription when the grace period after it is over.
   */
  pastDueSince?: string;
}

export type CustomerState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      customerId: string;
      email: string;
      firstname: string;
      lastname: string;
      emailVerified: boolean;
      passwordHash: string;
      /** ISO time of the last password change; login tokens issued before it are void. */
      passwordChangedAt: string | null;
      /** Recovery secrets (`jti`) already spent on a password change. */
      usedRecoverySecretIds: readonly string[];
      subscription: SubscriptionState | null;
      /** A customer's first paid checkout starts the trial; later ones do not. */
      trialUsed: boolean;
      /** A subscription ended and none runs now: status canceled, freemium entitlements. */
      subscriptionEnded: boolean;
      erasureRequested: boolean;
      /** The pinned time zone of the daily limit; null until the first practice request pins it. */
      timeZone: string | null;
      /** When the pinned zone was last changed explicitly (changes are rate-limited). */
      timeZoneChangedAt: string | null;
    }
  | { status: 'erased' };

export type RegisteredCustomerState = Extract<CustomerState, { status: 'registered' }>;

export const initialCustomerState = (): CustomerState => ({ status: 'unregistered' });
