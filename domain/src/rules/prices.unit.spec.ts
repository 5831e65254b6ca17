import { describe, expect, it } from 'vitest';
import { BILLING_PERIODS, PAID_TIERS } from './plans.js';
import {
  amountDueCents,
  formatCents,
  isPriceId,
  planForPriceId,
  PRICE_IDS,
  priceIdFor,
  PRICES,
  yearlySavingCents,
} from './prices.js';

describe('prices', () => {
  it('keeps the amounts of product-spec §9', () => {
    expect(formatCents(PRICES.basic.monthlyCents)).toBe('6.99');
    expect(formatCents(PRICES.basic.yearlyPerMonthCents)).toBe('4.17');
    expect(formatCents(PRICES.basic.yearlyTotalCents)).toBe('49.99');
    expect(formatCents(PRICES.premium.monthlyCents)).toBe('15.99');
    expect(formatCents(PRICES.premium.yearlyPerMonthCents)).toBe('11.99');
    expect(formatCents(PRICES.premium.yearlyTotalCents)).toBe('143.88');
    expect(formatCents(PRICES.exclusive.monthlyCents)).toBe('39.99');
    expect(formatCents(PRICES.exclusive.yearlyPerMonthCents)).toBe('29.99');
    expect(formatCents(PRICES.exclusive.yearlyTotalCents)).toBe('359.88');
  });

  it('computes the yearly saving as twelve monthly prices minus the yearly total, exactly', () => {
    expect(formatCents(yearlySavingCents('basic'))).toBe('33.89');
    // 12 × 15.99 = 191.88; 191.88 − 143.88 = 48.00
    expect(formatCents(yearlySavingCents('premium'))).toBe('48.00');
    expect(formatCents(yearlySavingCents('exclusive'))).toBe('120.00');
  });

  it('charges a month or the yearly total per billing period', () => {
    expect(amountDueCents('premium', 'monthly')).toBe(1599);
    expect(amountDueCents('premium', 'yearly')).toBe(14388);
  });

  it('formats cents with two decimals', () => {
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(100)).toBe('1.00');
    expect(formatCents(-250)).toBe('-2.50');
  });
});

describe('price ids', () => {
  it('are the six ids of DESIGN.md', () => {
    expect([...PRICE_IDS].sort()).toEqual(
      [
        'price_basic_monthly',
        'price_basic_yearly',
        'price_premium_monthly',
        'price_premium_yearly',
        'price_exclusive_monthly',
        'price_exclusive_yearly',
      ].sort(),
    );
  });

  it('map to tier and period and back', () => {
    for (const tier of PAID_TIERS) {
      for (const period of BILLING_PERIODS) {
        const id = priceIdFor(tier, period);
        expect(isPriceId(id)).toBe(true);
        expect(planForPriceId(id)).toEqual({ tier, period });
      }
    }
    expect(planForPriceId('price_exclusive_yearly')).toEqual({ tier: 'exclusive', period: 'yearly' });
  });

  it('know nothing of other ids', () => {
    expect(planForPriceId('price_gold_monthly')).toBeUndefined();
    expect(planForPriceId('toString')).toBeUndefined();
    expect(isPriceId('price_freemium_monthly')).toBe(false);
    expect(isPriceId(42)).toBe(false);
  });
});
