import { describe, expect, it } from 'vitest';
import { PRICE_IDS } from '../rules/prices.js';
import { fieldErrors } from './field-errors.js';
import { checkoutQuerySchema, sessionStatusQuerySchema } from './payment-queries.js';

describe('checkout query', () => {
  it('accepts our six price ids and nothing else', () => {
    for (const priceId of PRICE_IDS) {
      expect(fieldErrors(checkoutQuerySchema, { priceId })).toEqual({ ok: true, value: { priceId } });
    }
    expect(fieldErrors(checkoutQuerySchema, { priceId: 'price_gold_monthly' })).toEqual({
      ok: false,
      errors: { priceId: [`must be one of [${PRICE_IDS.join(', ')}]`] },
    });
    expect(fieldErrors(checkoutQuerySchema, {})).toEqual({ ok: false, errors: { priceId: ['is required'] } });
  });
});

describe('session status query', () => {
  it('accepts a provider session id', () => {
    expect(fieldErrors(sessionStatusQuerySchema, { session_id: 'cs_test_a1B2c3' }).ok).toBe(true);
  });

  it('rejects empty, oversized and odd ids', () => {
    expect(fieldErrors(sessionStatusQuerySchema, { session_id: '' })).toEqual({
      ok: false,
      errors: { session_id: ['is required'] },
    });
    expect(fieldErrors(sessionStatusQuerySchema, { session_id: 'cs/../../etc' })).toEqual({
      ok: false,
      errors: { session_id: ['must only contain letters, digits, underscores and dashes'] },
    });
    expect(fieldErrors(sessionStatusQuerySchema, { session_id: 'x'.repeat(256) })).toEqual({
      ok: false,
      errors: { session_id: ['length must be less than or equal to 255 characters long'] },
    });
  });
});
