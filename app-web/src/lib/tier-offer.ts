import {
  formatCents,
  PAID_TIERS,
  PRICES,
  priceIdFor,
  yearlySavingCents,
  type BillingPeriod,
  type PaidTier,
  type PriceId,
} from '@stickwork/domain';

/**
 * What one tier card (pricing page, upsell) shows for a billing period; prices and ids come from
 * domain/src/rules/prices.ts.
 */
export interface TierOffer {
  tier: PaidTier;
  period: BillingPeriod;
  /** Per month, e.g. '4.17 €'. */
  perMonth: string;
  /** How it is billed, e.g. 'billed yearly: 49.99 €'. */
  billing: string;
  /** 'Save 33.89 €' for yearly billing, null for monthly. */
  saving: string | null;
  priceId: PriceId;
  checkoutPath: `/checkout/${PriceId}`;
}

/** The one way the app writes a price: '6.99 €' (amount, space, euro sign). */
export const formatEuro = (cents: number): string => `${formatCents(cents)} €`;

/** The tier the pricing page marks 'Most popular', and the one the upsell opens on. */
export const MOST_POPULAR_TIER: PaidTier = 'premium';

export const tierOffer = (tier: PaidTier, period: BillingPeriod): TierOffer => {
  const price = PRICES[tier];
  const priceId = priceIdFor(tier, period);
  return {
    tier,
    period,
    perMonth: formatEuro(period === 'monthly' ? price.monthlyCents : price.yearlyPerMonthCents),
    billing: period === 'monthly' ? 'billed monthly' : `billed yearly: ${formatEuro(price.yearlyTotalCents)}`,
    saving: period === 'yearly' ? `Save ${formatEuro(yearlySavingCents(tier))}` : null,
    priceId,
    checkoutPath: `/checkout/${priceId}`,
  };
};

/** The best yearly discount across tiers, rounded down, for the toggle's hint. */
export const maxYearlySavingPercent = (): number =>
  Math.max(
    ...PAID_TIERS.map((tier) =>
      Math.floor((yearlySavingCents(tier) / (12 * PRICES[tier].monthlyCents)) * 100),
    ),
  );
