import type { SubscriptionStatus, Tier } from '@stickwork/domain';

/**
 * What the launch overview shows for the customer's plan (product-spec §4 "Subscription and
 * checkout"). Presentation, so it lives here rather than in domain, whose subscription machine only
 * judges the life cycle; the account tab's cancel section is `subscription-section.ts`.
 */
export interface SubscriptionView {
  status: SubscriptionStatus;
  tier: Tier;
  /** The launch overview's banner: freemium only. */
  showUpsellBanner: boolean;
  /** The upsell modal may open (429 or unauthorised); never while trialing. */
  upsellModalAllowed: boolean;
}

export const subscriptionView = ({
  status,
  tier,
}: {
  status: SubscriptionStatus;
  tier: Tier;
}): SubscriptionView => ({
  status,
  tier,
  showUpsellBanner: status === 'freemium',
  upsellModalAllowed: status !== 'trialing',
});
