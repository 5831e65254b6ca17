import type { SubscriptionStatus } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { subscriptionView } from './subscription-view';

describe('the plan on the launch overview', () => {
  it('shows the upsell banner to freemium only and never allows the upsell modal while trialing', () => {
    const statuses: SubscriptionStatus[] = ['freemium', 'trialing', 'active', 'past_due', 'canceled'];
    const views = statuses.map((status) =>
      subscriptionView({
        status,
        tier: status === 'freemium' || status === 'canceled' ? 'freemium' : 'basic',
      }),
    );
    expect(views.map((v) => v.showUpsellBanner)).toEqual([true, false, false, false, false]);
    expect(views.map((v) => v.upsellModalAllowed)).toEqual([true, false, true, true, true]);
  });
});
