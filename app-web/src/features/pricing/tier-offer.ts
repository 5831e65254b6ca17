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

/** What one tier card shows for a billing period; prices and ids come from domain/src/rules/prices.ts. */
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

const euro = (cents: number) => `${formatCents(cents)} €`;

export const tierOffer = (tier: PaidTier, period: BillingPeriod): TierOffer => {
  const price = PRICES[tier];
  const priceId = priceIdFor(tier, period);
  return {
    tier,
    period,
    perMonth: euro(period === 'monthly' ? price.monthlyCents : price.yearlyPerMonthCents),
    billing: period === 'monthly' ? 'billed monthly' : `billed yearly: ${euro(price.yearlyTotalCents)}`,
    saving: period === 'yearly' ? `Save ${euro(yearlySavingCents(tier))}` : null,
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
