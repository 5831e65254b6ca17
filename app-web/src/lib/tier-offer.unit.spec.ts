import { describe, expect, it } from 'vitest';
import { maxYearlySavingPercent, tierOffer } from './tier-offer';

describe('tierOffer', () => {
  it('shows the monthly prices of product-spec §9', () => {
    expect(tierOffer('basic', 'monthly').perMonth).toBe('6.99 €');
    expect(tierOffer('premium', 'monthly').perMonth).toBe('15.99 €');
    expect(tierOffer('exclusive', 'monthly').perMonth).toBe('39.99 €');
    expect(tierOffer('basic', 'monthly').saving).toBeNull();
  });

  it('shows yearly prices per month, the yearly total and the saving', () => {
    expect(tierOffer('basic', 'yearly')).toMatchObject({
      perMonth: '4.17 €',
      billing: 'billed yearly: 49.99 €',
      saving: 'Save 33.89 €',
    });
    expect(tierOffer('premium', 'yearly')).toMatchObject({ perMonth: '11.99 €', saving: 'Save 48.00 €' });
    expect(tierOffer('exclusive', 'yearly')).toMatchObject({ perMonth: '29.99 €', saving: 'Save 120.00 €' });
  });

  it('links each tier and period to its checkout price id', () => {
    expect(tierOffer('premium', 'yearly').checkoutPath).toBe('/checkout/price_premium_yearly');
    expect(tierOffer('exclusive', 'monthly').checkoutPath).toBe('/checkout/price_exclusive_monthly');
  });

  it('advertises the best yearly discount, rounded down', () => {
    // basic: 33.89 of 83.88 is 40.4 %
    expect(maxYearlySavingPercent()).toBe(40);
  });
});
