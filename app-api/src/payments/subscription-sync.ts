import {
  planForPriceId,
  priceIdFor,
  type CustomerCommand,
  type CustomerState,
  type SubscriptionState,
} from '@stickwork/domain';
import type {
  CurrentSubscription,
  ProviderEvent,
  ProviderSubscription,
} from '../adapters/payments/payment-provider.js';

export type SubscriptionCommand = CustomerCommand extends infer C
  ? C extends CustomerCommand
    ? Omit<C, 'metadata'>
    : never
  : never;

type RegisteredCustomer = Extract<CustomerState, { status: 'registered' }>;

/** A subscription the customer stream knows without a provider id (started by an operator) is ours. */
export const UNRECORDED_SUBSCRIPTION_ID = 'sub_local_unrecorded';

/** The customer's live subscription in the port's terms; null when none runs. */
export const currentSubscriptionOf = (customer: RegisteredCustomer): CurrentSubscription | null => {
  const subscription = customer.subscription;
  if (!subscription) return null;
  return {
    customerId: customer.customerId,
    providerSubscriptionId: subscription.providerSubscriptionId ?? UNRECORDED_SUBSCRIPTION_ID,
    providerCustomerId: subscription.providerCustomerId,
    priceId: priceIdFor(subscription.tier, subscription.period),
    status: subscription.status,
    trialEndsAt: subscription.trialEndsAt ?? null,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAt: subscription.cancelAt,
  };
};

/** What an event says the subscription is now: a deletion ends it, a failed invoice makes it overdue. */
export const targetOf = (event: ProviderEvent): ProviderSubscription | null => {
  const subscription = event.subscription;
  if (!subscription) return null;
  if (event.type === 'customer.subscription.deleted') return { ...subscription, status: 'canceled' };
  if (
    event.type === 'invoice.payment_failed' &&
    subscription.status !== 'canceled' &&
    subscription.status !== 'other'
  )
    return { ...subscription, status: 'past_due' };
  return subscription;
};

const isSame = (current: SubscriptionState, target: ProviderSubscription) =>
  current.providerSubscriptionId === undefined || current.providerSubscriptionId === target.id;

/**
 * The customer commands that bring the customer stream's subscription to what the provider reports,
 * in an order the subscription machine allows (recover before changing plan; change plan before a
 * payment failure freezes it). Empty when the stream already agrees: applying a snapshot twice is
 * harmless.
 */
export const subscriptionCommands = (
  current: SubscriptionState | null,
  target: ProviderSubscription,
): SubscriptionCommand[] => {
  const plan = planForPriceId(target.priceId);
  if (!plan || target.status === 'other') return []; // not paid yet (incomplete) or not ours
  if (target.status === 'canceled')
    return current && isSame(current, target) ? [{ type: 'EndSubscription', data: {} }] : [];

  const commands: SubscriptionCommand[] = [];
  if (!current || !isSame(current, target)) {
    if (current) commands.push({ type: 'EndSubscription', data: {} });
    commands.push({
      type: 'StartSubscription',
      data: {
        tier: plan.tier,
        period: plan.period,
        status: target.status === 'trialing' ? 'trialing' : 'active',
        ...(target.status === 'trialing' && target.trialEnd ? { trialEndsAt: target.trialEnd } : {}),
        currentPeriodEnd: target.currentPeriodEnd,
        ...(target.providerCustomerId ? { providerCustomerId: target.providerCustomerId } : {}),
        providerSubscriptionId: target.id,
      },
    });
    if (target.status === 'past_due') commands.push({ type: 'RecordPaymentFailure', data: {} });
    if (target.cancelAt) commands.push({ type: 'ScheduleCancellation', data: { cancelAt: target.cancelAt } });
    return commands;
  }

  let status = current.status;
  if (
    target.status === 'active' &&
    (current.status !== 'active' || current.currentPeriodEnd !== target.currentPeriodEnd)
  ) {
    commands.push({ type: 'ActivateSubscription', data: { currentPeriodEnd: target.currentPeriodEnd } });
    status = 'active';
  }
  if ((current.tier !== plan.tier || current.period !== plan.period) && status !== 'past_due')
    commands.push({ type: 'ChangePlan', data: { tier: plan.tier, period: plan.period } });
  if (target.status === 'past_due' && status !== 'past_due')
    commands.push({ type: 'RecordPaymentFailure', data: {} });
  if (target.cancelAt && current.cancelAt === null)
    commands.push({ type: 'ScheduleCancellation', data: { cancelAt: target.cancelAt } });
  if (!target.cancelAt && current.cancelAt !== null) commands.push({ type: 'ResumeSubscription', data: {} });
  return commands;
};
