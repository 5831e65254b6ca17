import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { isDomainError } from '../errors/domain-error.js';
import {
  subscriptionMachine,
  subscriptionSummaryOf,
  type SubscriptionSnapshot,
} from '../machines/subscription-machine.js';
import { BILLING_PERIODS, PAID_TIERS } from '../rules/plans.js';
import { customerRegistered } from '../testing/customer-fixtures.js';
import type { CustomerCommand } from './customer-commands.js';
import { customerDecider } from './customer-decider.js';
import type { CustomerEvent } from './customer-events.js';
import { customerSubscription } from './customer-queries.js';
import type { CustomerState } from './customer-state.js';
import { isSubscriptionEvent, subscriptionMachineEventOf } from './customer-subscription-events.js';

const at = (day: number) => new Date(Date.UTC(2025, 2, 1 + day)).toISOString();
const registered = customerRegistered();

const tier = fc.constantFrom(...PAID_TIERS);
const period = fc.constantFrom(...BILLING_PERIODS);
const day = fc.integer({ min: 1, max: 60 }).map(at);

/** Any customer event after registration, in any order: also ones the machine would refuse. */
const customerEvent: fc.Arbitrary<CustomerEvent> = fc.oneof(
  fc.record({
    type: fc.constant('SubscriptionStarted' as const),
    data: fc.record(
      {
        tier,
        period,
        status: fc.constantFrom('trialing' as const, 'active' as const),
        trialEndsAt: day,
        currentPeriodEnd: day,
        providerSubscriptionId: fc.constantFrom('sub_1', 'sub_2'),
        startedAt: day,
      },
      { requiredKeys: ['tier', 'period', 'status', 'currentPeriodEnd', 'startedAt'] },
    ),
  }),
  fc.record({
    type: fc.constant('SubscriptionActivated' as const),
    data: fc.record({ currentPeriodEnd: day, activatedAt: day }),
  }),
  fc.record({
    type: fc.constant('SubscriptionPlanChanged' as const),
    data: fc.record({ fromTier: tier, tier, fromPeriod: period, period, changedAt: day }),
  }),
  fc.record({
    type: fc.constant('SubscriptionCancellationScheduled' as const),
    data: fc.record({ cancelAt: day, scheduledAt: day }),
  }),
  fc.record({ type: fc.constant('SubscriptionResumed' as const), data: fc.record({ resumedAt: day }) }),
  fc.record({ type: fc.constant('SubscriptionPaymentFailed' as const), data: fc.record({ failedAt: day }) }),
  fc.record({ type: fc.constant('SubscriptionEnded' as const), data: fc.record({ endedAt: day }) }),
  fc.record({ type: fc.constant('EmailVerified' as const), data: fc.record({ verifiedAt: day }) }),
  fc.record({
    type: fc.constant('TimeZonePinned' as const),
    data: fc.record({ timeZone: fc.constant('Europe/Berlin'), pinnedAt: day }),
  }),
);

/** The machine run from its start (and on, event by event), as the web app or a test would. */
const machineAfter = (events: readonly CustomerEvent[]): SubscriptionSnapshot =>
  events
    .filter(isSubscriptionEvent)
    .reduce<SubscriptionSnapshot>(
      (snapshot, event) => transition(subscriptionMachine, snapshot, subscriptionMachineEventOf(event))[0],
      initialTransition(subscriptionMachine)[0],
    );

const registeredState = (state: CustomerState) => {
  if (state.status !== 'registered') throw new Error(`expected a registered customer, got ${state.status}`);
  return state;
};

describe("The customer's subscription is the subscription machine's", () => {
  it('for any sequence of customer events, the decider state equals the machine run over them', () => {
    fc.assert(
      fc.property(fc.array(customerEvent, { maxLength: 30 }), (events) => {
        let state = customerDecider.evolve(customerDecider.initialState(), registered);
        let machine = machineAfter([]);
        for (const event of events) {
          state = customerDecider.evolve(state, event);
          machine = isSubscriptionEvent(event)
            ? transition(subscriptionMachine, machine, subscriptionMachineEventOf(event))[0]
            : machine;
          const summary = subscriptionSummaryOf(machine);
          expect(customerSubscription(state)).toEqual(summary);
          // A subscription (with its billing details) is held exactly while the machine says one runs.
          const customer = registeredState(state);
          const running =
            machine.matches('trialing') || machine.matches('active') || machine.matches('past_due');
          expect(customer.subscription !== null).toBe(running);
          expect(customer.subscriptionEnded).toBe(machine.matches('canceled'));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps since when a payment is overdue: the first failure, through retries, until paid', () => {
    const started = customerEvent.filter((event) => event.type === 'SubscriptionStarted');
    fc.assert(
      fc.property(started, fc.array(customerEvent, { maxLength: 20 }), (start, events) => {
        let state = [registered, start].reduce(customerDecider.evolve, customerDecider.initialState());
        let since: string | undefined;
        for (const event of events) {
          const before = customerSubscription(state).status;
          state = customerDecider.evolve(state, event);
          const after = customerSubscription(state).status;
          if (after !== 'past_due') since = undefined;
          else if (before !== 'past_due' && event.type === 'SubscriptionPaymentFailed')
            since = event.data.failedAt;
          expect(registeredState(state).subscription?.pastDueSince).toBe(since);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('records only what the machine allows: every decided subscription event is a transition it takes', () => {
    const command: fc.Arbitrary<Omit<CustomerCommand, 'metadata'>> = fc.oneof(
      fc.record({
        type: fc.constant('StartSubscription' as const),
        data: fc.record(
          {
            tier,
            period,
            status: fc.constantFrom('trialing' as const, 'active' as const),
            currentPeriodEnd: day,
            providerSubscriptionId: fc.constantFrom('sub_1', 'sub_2'),
          },
          { requiredKeys: ['tier', 'period', 'currentPeriodEnd'] },
        ),
      }),
      fc.record({
        type: fc.constant('ActivateSubscription' as const),
        data: fc.record({ currentPeriodEnd: day }),
      }),
      fc.record({ type: fc.constant('ChangePlan' as const), data: fc.record({ tier, period }) }),
      fc.record({
        type: fc.constant('ScheduleCancellation' as const),
        data: fc.record({ cancelAt: day }, { requiredKeys: [] }),
      }),
      fc.constantFrom(
        { type: 'ResumeSubscription' as const, data: {} },
        { type: 'RecordPaymentFailure' as const, data: {} },
        { type: 'EndSubscription' as const, data: {} },
      ),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let state = customerDecider.evolve(customerDecider.initialState(), registered);
        let machine = initialTransition(subscriptionMachine)[0];
        for (const [index, next] of commands.entries()) {
          let decided: CustomerEvent[];
          try {
            decided = customerDecider.decide(
              { ...next, metadata: { now: new Date(at(index)) } } as CustomerCommand,
              state,
            );
          } catch (error) {
            if (!isDomainError(error)) throw error;
            continue;
          }
          for (const event of decided) {
            if (!isSubscriptionEvent(event)) continue;
            expect(machine.can(subscriptionMachineEventOf(event))).toBe(true);
            machine = transition(subscriptionMachine, machine, subscriptionMachineEventOf(event))[0];
          }
          state = decided.reduce(customerDecider.evolve, state);
          expect(customerSubscription(state)).toEqual(subscriptionSummaryOf(machine));
        }
      }),
      { numRuns: 300 },
    );
  });
});
