import { BILLING_PERIODS, PAID_TIERS, type BillingPeriod, type PaidTier } from './plans.js';

/** EUR amounts in cents, so sums and savings are exact (product-spec §9). */
export interface TierPrice {
  /** Price per month when billed monthly. */
  monthlyCents: number;
  /** Price per month when billed yearly, as the pricing page shows it. */
  yearlyPerMonthCents: number;
  /** What a yearly subscription costs, billed once a year. */
  yearlyTotalCents: number;
}

export const PRICES: Record<PaidTier, TierPrice> = {
  basic: { monthlyCents: 699, yearlyPerMonthCents: 417, yearlyTotalCents: 4999 },
  premium: { monthlyCents: 1599, yearlyPerMonthCents: 1199, yearlyTotalCents: 14388 },
  exclusive: { monthlyCents: 3999, yearlyPerMonthCents: 2999, yearlyTotalCents: 35988 },
};

export const CURRENCY = 'EUR';

/** Twelve months billed monthly minus one year billed yearly. */
export const yearlySavingCents = (tier: PaidTier): number =>
  12 * PRICES[tier].monthlyCents - PRICES[tier].yearlyTotalCents;

/** What one billing period costs: a month's price, or the yearly total. */
export const amountDueCents = (tier: PaidTier, period: BillingPeriod): number =>
  period === 'monthly' ? PRICES[tier].monthlyCents : PRICES[tier].yearlyTotalCents;

/** '33.89' for 3389: the amount without currency sign, for display and payment providers. */
export const formatCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Our price ids (DESIGN.md); with Stripe the server maps them to the configured provider ids. */
export const PRICE_IDS = [
  'price_basic_monthly',
  'price_basic_yearly',
  'price_premium_monthly',
  'price_premium_yearly',
  'price_exclusive_monthly',
  'price_exclusive_yearly',
] as const;
export type PriceId = (typeof PRICE_IDS)[number];

export interface PricePlan {
  tier: PaidTier;
  period: BillingPeriod;
}

export const priceIdFor = (tier: PaidTier, period: BillingPeriod): PriceId => `price_${tier}_${period}`;

export const isPriceId = (value: unknown): value is PriceId =>
  typeof value === 'string' && (PRICE_IDS as readonly string[]).includes(value);

const PLANS_BY_PRICE_ID = new Map<string, PricePlan>(
  PAID_TIERS.flatMap((tier) => BILLING_PERIODS.map((period) => [priceIdFor(tier, period), { tier, period }])),
);

/** The tier and billing period of a price id, or undefined for an unknown id. */
export const planForPriceId = (priceId: string): PricePlan | undefined => {
  const plan = PLANS_BY_PRICE_ID.get(priceId);
  return plan && { ...plan };
};
