import { describe, expect, it } from 'vitest';
import { givenWhenThen } from '../testing/given-when-then.js';
import type { CustomerCommand, StartSubscription } from './customer-commands.js';
import { customerDecider } from './customer-decider.js';
import { isTrialAvailable, subscriptionOf } from './customer-queries.js';
import type { CustomerEvent, CustomerRegistered, SubscriptionStarted } from './customer-events.js';

const now = new Date('2025-03-10T09:00:00Z');
const earlier = '2025-03-01T09:00:00.000Z';
const customerId = 'c-1';

const given = givenWhenThen(customerDecider, now);

const registration = {
  customerId,
  email: 'ringo@example.com',
  firstname: 'Ringo',
  lastname: 'Starr',
  country: 'GB',
  passwordHash: 'argon2-hash',
  newsletterSubscription: false,
  dateTermsAndConditions: earlier,
};
const registered: CustomerRegistered = {
  type: 'CustomerRegistered',
  data: { ...registration, registeredAt: earlier },
};
const subscribed: SubscriptionStarted = {
  type: 'SubscriptionStarted',
  data: {
    tier: 'premium',
    period: 'monthly',
    status: 'active',
    currentPeriodEnd: '2025-04-01T00:00:00.000Z',
    providerSubscriptionId: 'sub_1',
    startedAt: earlier,
  },
};
const startPremium: Omit<StartSubscription, 'metadata'> = {
  type: 'StartSubscription',
  data: { tier: 'premium', period: 'monthly', currentPeriodEnd: '2025-04-10T09:00:00.000Z' },
};

describe('Customer', () => {
  describe('When not registered', () => {
    it('registers', () => {
      given()
        .when({ type: 'RegisterCustomer', data: registration })
        .then([{ type: 'CustomerRegistered', data: { ...registration, registeredAt: now.toISOString() } }]);
    });

    it('refuses everything else', () => {
      given().when({ type: 'VerifyEmail', data: {} }).thenThrows('not_registered');
      given().when(startPremium).thenThrows('not_registered');
    });
  });

  describe('When registered', () => {
    it('does not register twice', () => {
      given(registered)
        .when({ type: 'RegisterCustomer', data: registration })
        .thenThrows('already_registered');
    });

    it('verifies the email once', () => {
      given(registered)
        .when({ type: 'VerifyEmail', data: {} })
        .then([{ type: 'EmailVerified', data: { verifiedAt: now.toISOString() } }]);
      given(registered, { type: 'EmailVerified', data: { verifiedAt: earlier } })
        .when({ type: 'VerifyEmail', data: {} })
        .then([]);
    });

    it('sends no verification mail to a verified email', () => {
      given(registered)
        .when({ type: 'RequestVerificationMail', data: {} })
        .then([{ type: 'VerificationMailRequested', data: { requestedAt: now.toISOString() } }]);
      given(registered, { type: 'EmailVerified', data: { verifiedAt: earlier } })
        .when({ type: 'RequestVerificationMail', data: {} })
        .thenThrows('already_verified');
    });

    it('changes the password', () => {
      given(registered)
        .when({ type: 'ChangePassword', data: { passwordHash: 'new-hash' } })
        .then([
          { type: 'PasswordChanged', data: { passwordHash: 'new-hash', changedAt: now.toISOString() } },
        ]);
    });

    it('starts the first subscription with the 14-day trial and the next one without', () => {
      const trialEndsAt = '2025-03-24T09:00:00.000Z';
      given(registered)
        .when(startPremium)
        .then([
          {
            type: 'SubscriptionStarted',
            data: { ...startPremium.data, status: 'trialing', trialEndsAt, startedAt: now.toISOString() },
          },
        ]);
      const trial: SubscriptionStarted = {
        type: 'SubscriptionStarted',
        data: { ...subscribed.data, status: 'trialing', trialEndsAt: earlier },
      };
      given(registered, trial, { type: 'SubscriptionEnded', data: { endedAt: earlier } })
        .when(startPremium)
        .then([
          {
            type: 'SubscriptionStarted',
            data: { ...startPremium.data, status: 'active', startedAt: now.toISOString() },
          },
        ]);
    });

    it('reports freemium until a subscription starts, and the trial only while unused', () => {
      const state = (...events: CustomerEvent[]) =>
        events.reduce(customerDecider.evolve, customerDecider.initialState());
      expect(subscriptionOf(state(registered))).toEqual({ tier: 'freemium', status: 'freemium' });
      expect(isTrialAvailable(state(registered))).toBe(true);
      const trial: SubscriptionStarted = {
        type: 'SubscriptionStarted',
        data: { ...subscribed.data, status: 'trialing' },
      };
      expect(subscriptionOf(state(registered, trial))).toEqual({ tier: 'premium', status: 'trialing' });
      expect(isTrialAvailable(state(registered, trial))).toBe(false);
    });

    it('cannot cancel, resume or change a subscription it does not have', () => {
      given(registered).when({ type: 'ScheduleCancellation', data: {} }).thenThrows('invalid_transition');
      given(registered).when({ type: 'ResumeSubscription', data: {} }).thenThrows('invalid_transition');
      given(registered)
        .when({ type: 'ChangePlan', data: { tier: 'basic', period: 'yearly' } })
        .thenThrows('invalid_transition');
    });
  });

  describe('When subscribed', () => {
    it('ignores a replayed start of the same provider subscription, refuses a second one', () => {
      given(registered, subscribed)
        .when({ ...startPremium, data: { ...startPremium.data, providerSubscriptionId: 'sub_1' } })
        .then([]);
      given(registered, subscribed)
        .when({ ...startPremium, data: { ...startPremium.data, providerSubscriptionId: 'sub_2' } })
        .thenThrows('invalid_transition');
    });

    it('schedules the cancellation at the period end, once, and resumes', () => {
      const cancellation: CustomerEvent = {
        type: 'SubscriptionCancellationScheduled',
        data: { cancelAt: subscribed.data.currentPeriodEnd, scheduledAt: now.toISOString() },
      };
      given(registered, subscribed).when({ type: 'ScheduleCancellation', data: {} }).then([cancellation]);
      given(registered, subscribed, cancellation).when({ type: 'ScheduleCancellation', data: {} }).then([]);
      given(registered, subscribed, cancellation)
        .when({ type: 'ResumeSubscription', data: {} })
        .then([{ type: 'SubscriptionResumed', data: { resumedAt: now.toISOString() } }]);
      given(registered, subscribed)
        .when({ type: 'ResumeSubscription', data: {} })
        .thenThrows('invalid_transition');
    });

    it('goes past due on a failed payment and active again when paid', () => {
      given(registered, subscribed)
        .when({ type: 'RecordPaymentFailure', data: {} })
        .then([{ type: 'SubscriptionPaymentFailed', data: { failedAt: now.toISOString() } }]);
      const failed: CustomerEvent = { type: 'SubscriptionPaymentFailed', data: { failedAt: earlier } };
      given(registered, subscribed, failed).when({ type: 'RecordPaymentFailure', data: {} }).then([]);
      given(registered, subscribed, failed)
        .when({ type: 'ActivateSubscription', data: { currentPeriodEnd: subscribed.data.currentPeriodEnd } })
        .then([
          {
            type: 'SubscriptionActivated',
            data: { currentPeriodEnd: subscribed.data.currentPeriodEnd, activatedAt: now.toISOString() },
          },
        ]);
    });

    it('changes the plan, and does nothing for the same plan', () => {
      given(registered, subscribed)
        .when({ type: 'ChangePlan', data: { tier: 'exclusive', period: 'yearly' } })
        .then([
          {
            type: 'SubscriptionPlanChanged',
            data: {
              fromTier: 'premium',
              tier: 'exclusive',
              fromPeriod: 'monthly',
              period: 'yearly',
              changedAt: now.toISOString(),
            },
          },
        ]);
      given(registered, subscribed)
        .when({ type: 'ChangePlan', data: { tier: 'premium', period: 'monthly' } })
        .then([]);
    });

    it('ends, after which the customer is canceled, on freemium entitlements', () => {
      const ended: CustomerEvent = { type: 'SubscriptionEnded', data: { endedAt: now.toISOString() } };
      given(registered, subscribed).when({ type: 'EndSubscription', data: {} }).then([ended]);
      const state = [registered, subscribed, ended].reduce(
        customerDecider.evolve,
        customerDecider.initialState(),
      );
      expect(subscriptionOf(state)).toEqual({ tier: 'freemium', status: 'canceled' });
    });

    it('changes no plan while a payment is past due, and activates no trial that is being cancelled', () => {
      const failed: CustomerEvent = { type: 'SubscriptionPaymentFailed', data: { failedAt: earlier } };
      given(registered, subscribed, failed)
        .when({ type: 'ChangePlan', data: { tier: 'basic', period: 'monthly' } })
        .thenThrows('invalid_transition');
      const trial: SubscriptionStarted = {
        type: 'SubscriptionStarted',
        data: { ...subscribed.data, status: 'trialing' },
      };
      const cancelling: CustomerEvent = {
        type: 'SubscriptionCancellationScheduled',
        data: { cancelAt: subscribed.data.currentPeriodEnd, scheduledAt: earlier },
      };
      given(registered, trial, cancelling)
        .when({ type: 'ActivateSubscription', data: { currentPeriodEnd: '2025-05-01T00:00:00.000Z' } })
        .thenThrows('invalid_transition');
    });
  });

  describe('When erased', () => {
    const erased: CustomerEvent = { type: 'CustomerErased', data: { customerId, erasedAt: earlier } };

    it('erases without personal data in the event', () => {
      given(registered, subscribed)
        .when({ type: 'EraseCustomer', data: {} })
        .then([{ type: 'CustomerErased', data: { customerId, erasedAt: now.toISOString() } }]);
    });

    it('rejects everything', () => {
      const commands: Omit<CustomerCommand, 'metadata'>[] = [
        { type: 'RegisterCustomer', data: registration },
        { type: 'VerifyEmail', data: {} },
        { type: 'ChangePassword', data: { passwordHash: 'x' } },
        startPremium,
        { type: 'ScheduleCancellation', data: {} },
        { type: 'EndSubscription', data: {} },
        { type: 'EraseCustomer', data: {} },
      ];
      for (const command of commands) given(registered, erased).when(command).thenThrows('customer_erased');
    });
  });
});

describe('the pinned time zone', () => {
  const pinned = (timeZone: string) => ({
    type: 'TimeZonePinned' as const,
    data: { timeZone, pinnedAt: earlier },
  });

  it('is pinned on first use, and a later request with another zone does not move it', () => {
    given(registered)
      .when({ type: 'PinTimeZone', data: { timeZone: 'Europe/Berlin' } })
      .then([{ type: 'TimeZonePinned', data: { timeZone: 'Europe/Berlin', pinnedAt: now.toISOString() } }]);
    given(registered, pinned('Europe/Berlin'))
      .when({ type: 'PinTimeZone', data: { timeZone: 'Etc/GMT+12' } })
      .then([]);
  });

  it('changes explicitly, is recorded with the zone it left, and then waits a week', () => {
    given(registered, pinned('Europe/Berlin'))
      .when({ type: 'ChangeTimeZone', data: { timeZone: 'America/New_York' } })
      .then([
        {
          type: 'TimeZoneChanged',
          data: { from: 'Europe/Berlin', timeZone: 'America/New_York', changedAt: now.toISOString() },
        },
      ]);
    const changed = (changedAt: string) => ({
      type: 'TimeZoneChanged' as const,
      data: { from: 'Europe/Berlin', timeZone: 'America/New_York', changedAt },
    });
    const sixDaysAgo = new Date(now.getTime() - 6 * 86_400_000).toISOString();
    given(registered, pinned('Europe/Berlin'), changed(sixDaysAgo))
      .when({ type: 'ChangeTimeZone', data: { timeZone: 'Europe/Berlin' } })
      .thenThrows('too_soon');
    const eightDaysAgo = new Date(now.getTime() - 8 * 86_400_000).toISOString();
    given(registered, pinned('Europe/Berlin'), changed(eightDaysAgo))
      .when({ type: 'ChangeTimeZone', data: { timeZone: 'Europe/Berlin' } })
      .then([
        {
          type: 'TimeZoneChanged',
          data: { from: 'America/New_York', timeZone: 'Europe/Berlin', changedAt: now.toISOString() },
        },
      ]);
  });

  it('a change to the zone already pinned is a no-op', () => {
    given(registered, pinned('UTC'))
      .when({ type: 'ChangeTimeZone', data: { timeZone: 'UTC' } })
      .then([]);
  });
});
