import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type {
  SubscriptionMachineEvent,
  SubscriptionSnapshot,
  SubscriptionSummary,
} from './subscription-machine.js';
import {
  FREEMIUM_SUBSCRIPTION,
  subscriptionMachine,
  subscriptionSnapshotOf,
  subscriptionSummaryOf,
  subscriptionTransition,
} from './subscription-machine.js';

const CANCEL_AT = '2025-07-31T00:00:00.000Z';
const startTrial: SubscriptionMachineEvent = { type: 'subscription.started', tier: 'premium', trial: true };
const startPaid: SubscriptionMachineEvent = {
  type: 'subscription.started',
  tier: 'basic',
  trial: false,
  period: 'yearly',
};
const activated: SubscriptionMachineEvent = { type: 'subscription.activated' };
const scheduleCancel: SubscriptionMachineEvent = {
  type: 'subscription.cancellation_scheduled',
  cancelAt: CANCEL_AT,
};
const resumed: SubscriptionMachineEvent = { type: 'subscription.resumed' };
const paymentFailed: SubscriptionMachineEvent = { type: 'subscription.payment_failed' };
const ended: SubscriptionMachineEvent = { type: 'subscription.ended' };

const run = (...events: SubscriptionMachineEvent[]): SubscriptionSnapshot =>
  events.reduce<SubscriptionSnapshot>(
    (snapshot, event) => transition(subscriptionMachine, snapshot, event)[0],
    initialTransition(subscriptionMachine)[0],
  );

const summary = (changes: Partial<SubscriptionSummary>): SubscriptionSummary => ({
  ...FREEMIUM_SUBSCRIPTION,
  ...changes,
});

describe('subscription', () => {
  describe('When freemium', () => {
    it('starts freemium without a plan', () => {
      expect(subscriptionSummaryOf(run())).toEqual(FREEMIUM_SUBSCRIPTION);
    });

    it('starts a trial on a first checkout, or a paid subscription without one', () => {
      expect(subscriptionSummaryOf(run(startTrial))).toEqual({
        status: 'trialing',
        tier: 'premium',
        period: 'monthly',
        cancelAt: null,
      });
      expect(run(startPaid).matches({ active: 'renewing' })).toBe(true);
      expect(run(startPaid).context).toMatchObject({ tier: 'basic', period: 'yearly' });
    });

    it('accepts nothing but a start', () => {
      for (const event of [activated, scheduleCancel, resumed, paymentFailed, ended]) {
        expect(subscriptionTransition(FREEMIUM_SUBSCRIPTION, event).allowed).toBe(false);
      }
    });
  });

  describe('When trialing', () => {
    it('becomes active when the trial converts', () => {
      expect(run(startTrial, activated).matches({ active: 'renewing' })).toBe(true);
    });

    it('ends when canceled at the end of the trial', () => {
      const scheduled = run(startTrial, scheduleCancel);
      expect(scheduled.matches({ trialing: 'cancellationScheduled' })).toBe(true);
      expect(scheduled.can(activated)).toBe(false);
      expect(transition(subscriptionMachine, scheduled, ended)[0].context.status).toBe('canceled');
    });

    it('cannot start a second subscription', () => {
      expect(run(startTrial).can(startPaid)).toBe(false);
    });
  });

  describe('When active', () => {
    it('schedules a cancellation at period end and resumes it', () => {
      const scheduled = run(startPaid, scheduleCancel);
      expect(scheduled.matches({ active: 'cancellationScheduled' })).toBe(true);
      expect(scheduled.context.cancelAt).toBe(CANCEL_AT);
      expect(scheduled.can(scheduleCancel)).toBe(false);

      const again = transition(subscriptionMachine, scheduled, resumed)[0];
      expect(again.matches({ active: 'renewing' })).toBe(true);
      expect(again.context.cancelAt).toBeNull();
      expect(again.can(resumed)).toBe(false);
    });

    it('returns to the free plan when the subscription ends', () => {
      expect(subscriptionSummaryOf(run(startPaid, scheduleCancel, ended))).toEqual({
        status: 'canceled',
        tier: 'freemium',
        period: null,
        cancelAt: null,
      });
    });

    it('takes a plan change only when tier or period differs', () => {
      const active = run(startPaid);
      expect(active.can({ type: 'subscription.plan_changed', tier: 'basic' })).toBe(false);
      expect(active.can({ type: 'subscription.plan_changed', tier: 'basic', period: 'yearly' })).toBe(false);
      const monthly = transition(subscriptionMachine, active, {
        type: 'subscription.plan_changed',
        tier: 'basic',
        period: 'monthly',
      })[0];
      expect(monthly.context).toMatchObject({ tier: 'basic', period: 'monthly' });
      const upgraded = transition(subscriptionMachine, active, {
        type: 'subscription.plan_changed',
        tier: 'exclusive',
      })[0];
      expect(upgraded.context).toMatchObject({ status: 'active', tier: 'exclusive', period: 'yearly' });
    });

    it('allows a paid renewal that changes nothing', () => {
      const active = summary({ status: 'active', tier: 'premium', period: 'monthly' });
      expect(subscriptionTransition(active, activated)).toEqual({ allowed: true, next: active });
    });
  });

  describe('When a payment fails', () => {
    it('keeps the tier while past due and recovers on payment', () => {
      const pastDue = run(startPaid, paymentFailed);
      expect(pastDue.context).toMatchObject({ status: 'past_due', tier: 'basic' });
      expect(pastDue.can(paymentFailed)).toBe(true);
      expect(transition(subscriptionMachine, pastDue, activated)[0].matches({ active: 'renewing' })).toBe(
        true,
      );
    });

    it('is canceled when it ends (the end of the grace period too)', () => {
      expect(run(startPaid, paymentFailed, ended).context).toMatchObject({
        status: 'canceled',
        tier: 'freemium',
      });
    });

    it('recovers into a still-scheduled cancellation', () => {
      const recovered = run(startPaid, scheduleCancel, paymentFailed, activated);
      expect(recovered.matches({ active: 'cancellationScheduled' })).toBe(true);
    });
  });

  describe('When canceled', () => {
    it('may subscribe again', () => {
      expect(run(startPaid, ended, startPaid).matches({ active: 'renewing' })).toBe(true);
      expect(run(startPaid, ended).can(resumed)).toBe(false);
    });
  });

  describe('resuming from a stored summary', () => {
    it('enters the state its status and cancellation name', () => {
      const scheduled = subscriptionSnapshotOf(
        summary({ status: 'active', tier: 'premium', period: 'monthly', cancelAt: CANCEL_AT }),
      );
      expect(scheduled.matches({ active: 'cancellationScheduled' })).toBe(true);
      expect(subscriptionSnapshotOf(summary({ status: 'past_due', tier: 'basic' })).value).toBe('past_due');
      expect(subscriptionSnapshotOf(summary({ status: 'canceled' })).value).toBe('canceled');
    });

    it('treats a paid status without a paid tier as freemium', () => {
      expect(subscriptionSnapshotOf(summary({ status: 'active', tier: 'freemium' })).value).toBe('freemium');
    });

    it('explains a refused transition', () => {
      expect(subscriptionTransition(FREEMIUM_SUBSCRIPTION, ended)).toEqual({
        allowed: false,
        reason: 'subscription.ended is not allowed while freemium',
      });
    });

    it('decides each event from the stored summary exactly as a running machine would', () => {
      const eventArb: fc.Arbitrary<SubscriptionMachineEvent> = fc.oneof(
        fc.record({
          type: fc.constant('subscription.started' as const),
          tier: fc.constantFrom('basic' as const, 'premium' as const, 'exclusive' as const),
          trial: fc.boolean(),
          period: fc.constantFrom('monthly' as const, 'yearly' as const),
        }),
        fc.constantFrom(activated, resumed, paymentFailed, ended, scheduleCancel),
        fc.record({
          type: fc.constant('subscription.plan_changed' as const),
          tier: fc.constantFrom('basic' as const, 'premium' as const, 'exclusive' as const),
        }),
      );
      fc.assert(
        fc.property(fc.array(eventArb, { maxLength: 25 }), (events) => {
          let running = initialTransition(subscriptionMachine)[0];
          let stored = FREEMIUM_SUBSCRIPTION;
          for (const event of events) {
            const decided = subscriptionTransition(stored, event);
            expect(decided.allowed).toBe(running.can(event));
            running = transition(subscriptionMachine, running, event)[0];
            if (decided.allowed) stored = decided.next;
            expect(stored).toEqual(subscriptionSummaryOf(running));
            // A plan is held exactly while a subscription runs.
            expect(stored.tier === 'freemium').toBe(
              stored.status === 'freemium' || stored.status === 'canceled',
            );
          }
        }),
      );
    });
  });
});
