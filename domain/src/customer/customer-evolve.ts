import { match } from 'ts-pattern';
import { subscriptionTransition, type SubscriptionSummary } from '../machines/subscription-machine.js';
import type { BillingPeriod, PaidTier } from '../rules/plans.js';
import type { CustomerEvent, CustomerRegistered, LiveSubscriptionStatus } from './customer-events.js';
import { customerSubscription } from './customer-queries.js';
import {
  isSubscriptionEvent,
  subscriptionMachineEventOf,
  type CustomerSubscriptionEvent,
} from './customer-subscription-events.js';
import type { CustomerState, RegisteredCustomerState, SubscriptionState } from './customer-state.js';

type LiveSummary = SubscriptionSummary & {
  status: LiveSubscriptionStatus;
  tier: PaidTier;
  period: BillingPeriod;
};

const isLive = (summary: SubscriptionSummary): summary is LiveSummary =>
  summary.status !== 'freemium' &&
  summary.status !== 'canceled' &&
  summary.tier !== 'freemium' &&
  summary.period !== null;

/** What the subscription machine does not know: the billing details the events carry. */
type BillingDetails = Omit<SubscriptionState, 'tier' | 'period' | 'status' | 'cancelAt'>;

const billingAfter = (
  current: BillingDetails | null,
  event: CustomerSubscriptionEvent,
): BillingDetails | null =>
  match(event)
    .with({ type: 'SubscriptionStarted' }, ({ data }) => {
      const { startedAt: _startedAt, status: _status, tier: _tier, period: _period, ...billing } = data;
      return billing;
    })
    .with({ type: 'SubscriptionActivated' }, ({ data }) => {
      if (!current) return null;
      const { pastDueSince: _paid, ...billing } = current;
      return { ...billing, currentPeriodEnd: data.currentPeriodEnd };
    })
    .with(
      { type: 'SubscriptionPaymentFailed' },
      ({ data }) => current && { ...current, pastDueSince: current.pastDueSince ?? data.failedAt },
    )
    .otherwise(() => current);

/**
 * The subscription after `event`: its life cycle is the machine's transition from the current
 * summary; a recorded event the machine would refuse (the decider records none) changes nothing.
 */
const evolveSubscription = (
  state: RegisteredCustomerState,
  event: CustomerSubscriptionEvent,
): RegisteredCustomerState => {
  const verdict = subscriptionTransition(customerSubscription(state), subscriptionMachineEventOf(event));
  if (!verdict.allowed) return state;
  const next = verdict.next;
  const billing = billingAfter(state.subscription, event);
  if (!isLive(next) || billing === null)
    return { ...state, subscription: null, subscriptionEnded: next.status === 'canceled' };
  const { status, tier, period, cancelAt } = next;
  return {
    ...state,
    subscription: { ...billing, tier, period, status, cancelAt },
    subscriptionEnded: false,
    trialUsed: state.trialUsed || status === 'trialing',
  };
};

const registeredCustomer = ({ data }: CustomerRegistered): RegisteredCustomerState => ({
  status: 'registered',
  customerId: data.customerId,
  email: data.email,
  firstname: data.firstname,
  lastname: data.lastname,
  emailVerified: false,
  passwordHash: data.passwordHash,
  passwordChangedAt: null,
  usedRecoverySecretIds: [],
  subscription: null,
  trialUsed: false,
  subscriptionEnded: false,
  erasureRequested: false,
  timeZone: null,
  timeZoneChangedAt: null,
});

export const evolveCustomer = (state: CustomerState, event: CustomerEvent): CustomerState => {
  if (event.type === 'CustomerRegistered') return registeredCustomer(event);
  if (event.type === 'CustomerErased') return { status: 'erased' };
  if (state.status !== 'registered') return state;
  if (isSubscriptionEvent(event)) return evolveSubscription(state, event);

  return match(event)
    .with({ type: 'VerificationMailRequested' }, { type: 'PasswordRecoveryRequested' }, () => state)
    .with({ type: 'EmailVerified' }, () => ({ ...state, emailVerified: true }))
    .with({ type: 'PasswordChanged' }, ({ data: { passwordHash, changedAt, recoverySecretId } }) => ({
      ...state,
      passwordHash,
      passwordChangedAt: changedAt,
      usedRecoverySecretIds:
        recoverySecretId === undefined
          ? state.usedRecoverySecretIds
          : [...state.usedRecoverySecretIds, recoverySecretId],
    }))
    .with({ type: 'CustomerErasureRequested' }, () => ({ ...state, erasureRequested: true }))
    .with({ type: 'TimeZonePinned' }, ({ data }) => ({ ...state, timeZone: data.timeZone }))
    .with({ type: 'TimeZoneChanged' }, ({ data }) => ({
      ...state,
      timeZone: data.timeZone,
      timeZoneChangedAt: data.changedAt,
    }))
    .exhaustive();
};
