import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from '@stickwork/domain';
import type { ProviderSubscription } from '../adapters/payments/payment-provider.js';
import { subscriptionCommands } from './subscription-sync.js';

const target = (changes: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: 'sub_1',
  customerId: 'c1',
  providerCustomerId: 'cus_1',
  priceId: 'price_premium_monthly',
  status: 'active',
  trialEnd: null,
  currentPeriodEnd: '2026-06-01T00:00:00.000Z',
  cancelAt: null,
  ...changes,
});

const current = (changes: Partial<SubscriptionState> = {}): SubscriptionState => ({
  tier: 'premium',
  period: 'monthly',
  status: 'active',
  currentPeriodEnd: '2026-06-01T00:00:00.000Z',
  cancelAt: null,
  providerCustomerId: 'cus_1',
  providerSubscriptionId: 'sub_1',
  ...changes,
});

describe('bringing the customer stream to the provider’s snapshot', () => {
  it('given no subscription, when the provider reports a trial: start it as trialing', () => {
    expect(
      subscriptionCommands(null, target({ status: 'trialing', trialEnd: '2026-05-18T00:00:00.000Z' })),
    ).toEqual([
      {
        type: 'StartSubscription',
        data: {
          tier: 'premium',
          period: 'monthly',
          status: 'trialing',
          trialEndsAt: '2026-05-18T00:00:00.000Z',
          currentPeriodEnd: '2026-06-01T00:00:00.000Z',
          providerCustomerId: 'cus_1',
          providerSubscriptionId: 'sub_1',
        },
      },
    ]);
  });

  it('given the same state, when the same snapshot arrives: nothing', () => {
    expect(subscriptionCommands(current(), target())).toEqual([]);
  });

  it('given past_due, when active with another plan: activate first, then change the plan', () => {
    expect(
      subscriptionCommands(current({ status: 'past_due' }), target({ priceId: 'price_basic_yearly' })).map(
        (command) => command.type,
      ),
    ).toEqual(['ActivateSubscription', 'ChangePlan']);
  });

  it('given a scheduled cancellation, when the snapshot has none: resume', () => {
    expect(subscriptionCommands(current({ cancelAt: '2026-06-01T00:00:00.000Z' }), target())).toEqual([
      { type: 'ResumeSubscription', data: {} },
    ]);
  });

  it('given a running subscription, when canceled: end it; a different subscription ending changes nothing', () => {
    expect(subscriptionCommands(current(), target({ status: 'canceled' }))).toEqual([
      { type: 'EndSubscription', data: {} },
    ]);
    expect(subscriptionCommands(current(), target({ id: 'sub_old', status: 'canceled' }))).toEqual([]);
  });

  it('ignores a subscription that is not paid yet (incomplete)', () => {
    expect(subscriptionCommands(null, target({ status: 'other' }))).toEqual([]);
  });
});
