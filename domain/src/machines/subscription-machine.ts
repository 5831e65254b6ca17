import { assign, initialTransition, setup, transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { BillingPeriod, PaidTier, SubscriptionStatus, Tier } from '../rules/plans.js';

/**
 * A customer's subscription life cycle (product-spec §4 "Subscription and checkout", DESIGN.md "Plans").
 * Pure and deterministic, and the one judge of the life cycle: the customer decider records a
 * subscription event only if the machine takes it, and folds the customer's subscription from the
 * machine's transitions (`subscriptionTransition`, through domain/src/customer/customer-subscription-events).
 * The web app reads what to show from it.
 */

export interface SubscriptionSummary {
  status: SubscriptionStatus;
  tier: Tier;
  period: BillingPeriod | null;
  /** ISO-8601 end of a scheduled cancellation (cancelAtPeriodEnd), null when none is scheduled. */
  cancelAt: string | null;
}

export const FREEMIUM_SUBSCRIPTION: SubscriptionSummary = {
  status: 'freemium',
  tier: 'freemium',
  period: null,
  cancelAt: null,
};

export type SubscriptionMachineEvent =
  | { type: 'subscription.started'; tier: PaidTier; trial: boolean; period?: BillingPeriod }
  /** A trial converted, a renewal paid, or a failed payment recovered. */
  | { type: 'subscription.activated' }
  | { type: 'subscription.cancellation_scheduled'; cancelAt: string }
  | { type: 'subscription.resumed' }
  | { type: 'subscription.payment_failed' }
  /**
   * Any end, including an overdue payment's at the end of its grace period: the server's period-end
   * sweep (app-api payments/period-ends, PAYMENT_GRACE_DAYS) decides when that is and ends it so.
   */
  | { type: 'subscription.ended' }
  | { type: 'subscription.plan_changed'; tier: PaidTier; period?: BillingPeriod };

/** A cancellation due at period end is what customer-info calls cancelAtPeriodEnd. */
export const isCancellationScheduled = (summary: Pick<SubscriptionSummary, 'cancelAt'>): boolean =>
  summary.cancelAt !== null;

export const subscriptionMachine = setup({
  types: {
    // The context is the summary itself; each state's entry keeps `status` equal to the state.
    context: {} as SubscriptionSummary,
    events: {} as SubscriptionMachineEvent,
    input: {} as SubscriptionSummary | void,
  },
  guards: {
    resumesAs: ({ context }, status: SubscriptionStatus) => context.status === status,
    isTrial: ({ event }) => event.type === 'subscription.started' && event.trial,
    cancellationPending: ({ context }) => isCancellationScheduled(context),
    noCancellationPending: ({ context }) => !isCancellationScheduled(context),
    changesPlan: ({ context, event }) =>
      event.type === 'subscription.plan_changed' &&
      (event.tier !== context.tier || (event.period !== undefined && event.period !== context.period)),
  },
  actions: {
    enterStatus: assign((_, status: SubscriptionStatus) => ({ status })),
    startPlan: assign(({ event }) =>
      event.type === 'subscription.started'
        ? { tier: event.tier, period: event.period ?? 'monthly', cancelAt: null }
        : {},
    ),
    changePlan: assign(({ context, event }) =>
      event.type === 'subscription.plan_changed'
        ? { tier: event.tier, period: event.period ?? context.period }
        : {},
    ),
    scheduleCancellation: assign(({ event }) =>
      event.type === 'subscription.cancellation_scheduled' ? { cancelAt: event.cancelAt } : {},
    ),
    clearCancellation: assign({ cancelAt: null }),
    /** Once the subscription is over the customer is back on the free plan. */
    dropPlan: assign({ tier: 'freemium' as Tier, period: null, cancelAt: null }),
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({ ...(input ?? FREEMIUM_SUBSCRIPTION) }),
  initial: 'resolving',
  states: {
    /** Enters the state the input's status names; a paid status without a paid tier counts as freemium. */
    resolving: {
      always: [
        {
          guard: ({ context }) => context.tier === 'freemium' && context.status !== 'canceled',
          target: 'freemium',
        },
        { guard: { type: 'resumesAs', params: 'trialing' }, target: 'trialing' },
        { guard: { type: 'resumesAs', params: 'active' }, target: 'active' },
        { guard: { type: 'resumesAs', params: 'past_due' }, target: 'past_due' },
        { guard: { type: 'resumesAs', params: 'canceled' }, target: 'canceled' },
        { target: 'freemium' },
      ],
    },
    freemium: {
      entry: [{ type: 'enterStatus', params: 'freemium' as const }, 'dropPlan'],
      on: {
        'subscription.started': [
          { guard: 'isTrial', target: 'trialing', actions: 'startPlan' },
          { target: 'active', actions: 'startPlan' },
        ],
      },
    },
    trialing: {
      entry: { type: 'enterStatus', params: 'trialing' as const },
      initial: 'resolving',
      states: {
        resolving: {
          always: [{ guard: 'cancellationPending', target: 'cancellationScheduled' }, { target: 'renewing' }],
        },
        renewing: {
          on: {
            'subscription.activated': { target: '#subscription.active' },
            'subscription.cancellation_scheduled': {
              target: 'cancellationScheduled',
              actions: 'scheduleCancellation',
            },
          },
        },
        /** Runs to the end of the trial, then ends. */
        cancellationScheduled: {
          on: { 'subscription.resumed': { target: 'renewing', actions: 'clearCancellation' } },
        },
      },
      on: {
        'subscription.payment_failed': { target: 'past_due' },
        'subscription.ended': { target: 'canceled' },
        'subscription.plan_changed': { guard: 'changesPlan', actions: 'changePlan' },
      },
    },
    active: {
      entry: { type: 'enterStatus', params: 'active' as const },
      initial: 'resolving',
      states: {
        resolving: {
          always: [{ guard: 'cancellationPending', target: 'cancellationScheduled' }, { target: 'renewing' }],
        },
        renewing: {
          on: {
            'subscription.cancellation_scheduled': {
              target: 'cancellationScheduled',
              actions: 'scheduleCancellation',
            },
          },
        },
        /** Usable until cancelAt, then ends. */
        cancellationScheduled: {
          on: { 'subscription.resumed': { target: 'renewing', actions: 'clearCancellation' } },
        },
      },
      on: {
        // A paid renewal changes nothing, yet is allowed (a target, since can() ignores empty transitions).
        'subscription.activated': { target: 'active' },
        'subscription.payment_failed': { target: 'past_due' },
        'subscription.ended': { target: 'canceled' },
        'subscription.plan_changed': { guard: 'changesPlan', actions: 'changePlan' },
      },
    },
    /** A payment failed; the tier stays usable through the grace period (rules/plans entitlementsFor). */
    past_due: {
      entry: { type: 'enterStatus', params: 'past_due' as const },
      on: {
        'subscription.activated': { target: 'active' },
        // Retries that fail again change nothing.
        'subscription.payment_failed': { target: 'past_due' },
        'subscription.cancellation_scheduled': {
          guard: 'noCancellationPending',
          actions: 'scheduleCancellation',
        },
        'subscription.resumed': { guard: 'cancellationPending', actions: 'clearCancellation' },
        'subscription.ended': { target: 'canceled' },
      },
    },
    canceled: {
      entry: [{ type: 'enterStatus', params: 'canceled' as const }, 'dropPlan'],
      on: {
        'subscription.started': [
          { guard: 'isTrial', target: 'trialing', actions: 'startPlan' },
          { target: 'active', actions: 'startPlan' },
        ],
      },
    },
  },
});

export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

/** The machine's snapshot for a stored summary (customer-info on the web, the customer stream on the server). */
export const subscriptionSnapshotOf = (summary: SubscriptionSummary): SubscriptionSnapshot =>
  initialTransition(subscriptionMachine, summary)[0];

export const subscriptionSummaryOf = (snapshot: SubscriptionSnapshot): SubscriptionSummary => ({
  ...snapshot.context,
});

export type SubscriptionTransitionResult =
  { allowed: true; next: SubscriptionSummary } | { allowed: false; reason: string };

/**
 * Whether `event` may happen to a subscription in `current`, and what it becomes. The customer decider
 * asks it before recording an event and folds each recorded one through it; an allowed event may leave
 * the summary unchanged (a paid renewal, a repeated payment failure).
 */
export const subscriptionTransition = (
  current: SubscriptionSummary,
  event: SubscriptionMachineEvent,
): SubscriptionTransitionResult => {
  const snapshot = subscriptionSnapshotOf(current);
  if (!snapshot.can(event)) {
    return { allowed: false, reason: `${event.type} is not allowed while ${snapshot.context.status}` };
  }
  return { allowed: true, next: subscriptionSummaryOf(transition(subscriptionMachine, snapshot, event)[0]) };
};
