import { FREEMIUM_SUBSCRIPTION, type SubscriptionSummary } from '../machines/subscription-machine.js';
import type { SubscriptionStatus, Tier } from '../rules/plans.js';
import type { CustomerState } from './customer-state.js';

/** The subscription in the shape of the subscription machine (customer-info, the web app's view). */
export const customerSubscription = (state: CustomerState): SubscriptionSummary => {
  if (state.status !== 'registered') return FREEMIUM_SUBSCRIPTION;
  const subscription = state.subscription;
  if (subscription) {
    const { status, tier, period, cancelAt } = subscription;
    return { status, tier, period, cancelAt };
  }
  return state.subscriptionEnded ? { ...FREEMIUM_SUBSCRIPTION, status: 'canceled' } : FREEMIUM_SUBSCRIPTION;
};

/** Tier and status as the token reports them (`activeTier`, `subscription_status`). */
export const subscriptionOf = (state: CustomerState): { tier: Tier; status: SubscriptionStatus } => {
  const { tier, status } = customerSubscription(state);
  return { tier, status };
};

/** Whether a checkout now would start the 14-day trial (only a customer's first one does). */
export const isTrialAvailable = (state: CustomerState): boolean =>
  state.status === 'registered' && !state.trialUsed;
