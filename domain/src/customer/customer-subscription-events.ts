import type { SubscriptionMachineEvent } from '../machines/subscription-machine.js';
import type { CustomerEvent } from './customer-events.js';

type MachineEventTable = {
  [Type in CustomerEvent['type']]?: (
    event: Extract<CustomerEvent, { type: Type }>,
  ) => SubscriptionMachineEvent;
};

/**
 * The one table from the customer stream's subscription events to the subscription machine's
 * events. `decide` asks the machine whether the event it is about to record may happen, and
 * `evolve` takes the subscription's life cycle (status, tier, period, cancelAt) from the machine's
 * transition for each recorded one: the machine is the one judge of the life cycle.
 */
const SUBSCRIPTION_MACHINE_EVENTS = {
  SubscriptionStarted: ({ data }) => ({
    type: 'subscription.started',
    tier: data.tier,
    period: data.period,
    trial: data.status === 'trialing',
  }),
  SubscriptionActivated: () => ({ type: 'subscription.activated' }),
  SubscriptionPlanChanged: ({ data }) => ({
    type: 'subscription.plan_changed',
    tier: data.tier,
    period: data.period,
  }),
  SubscriptionCancellationScheduled: ({ data }) => ({
    type: 'subscription.cancellation_scheduled',
    cancelAt: data.cancelAt,
  }),
  SubscriptionResumed: () => ({ type: 'subscription.resumed' }),
  SubscriptionPaymentFailed: () => ({ type: 'subscription.payment_failed' }),
  // Also the end of an overdue subscription's grace period: the server's period-end sweep decides
  // when that is (app-api payments/period-ends) and ends it like any other end.
  SubscriptionEnded: () => ({ type: 'subscription.ended' }),
} satisfies MachineEventTable;

/** The customer events that move the subscription machine. */
export type CustomerSubscriptionEvent = Extract<
  CustomerEvent,
  { type: keyof typeof SUBSCRIPTION_MACHINE_EVENTS }
>;

export const isSubscriptionEvent = (event: CustomerEvent): event is CustomerSubscriptionEvent =>
  Object.hasOwn(SUBSCRIPTION_MACHINE_EVENTS, event.type);

export const subscriptionMachineEventOf = (event: CustomerSubscriptionEvent): SubscriptionMachineEvent =>
  (SUBSCRIPTION_MACHINE_EVENTS[event.type] as (event: CustomerSubscriptionEvent) => SubscriptionMachineEvent)(
    event,
  );
