import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerInfo } from '@stickwork/domain';
import { startPracticeServer, type PracticeTestServer } from '../practice/testing/practice-fixtures.js';
import { registerPayingCustomer, type Customer } from '../payments/testing/payment-fixtures.js';

// GET /api/customer-info carries what the Subscription tab shows: plan, billing
// period, status, trial end or next charge with its amount, and the cancel-at-period-end state.
const START = '2026-03-10T09:00:00.000Z';
const seconds = (iso: string) => Date.parse(iso) / 1000;
const PAYING_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ringo Starr' };

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer(START);
});
afterAll(() => server.close());

const customerInfo = async (customer: Customer) => {
  const response = await customer.api.get('/api/customer-info');
  expect(response.status).toBe(200);
  return response.json as CustomerInfo;
};

const subscribe = async (customer: Customer, priceId: string) => {
  const session = await customer.api.get(`/api/payment/create-checkout-session?priceId=${priceId}`);
  expect(session.status).toBe(200);
  const { clientSecret } = session.json as { clientSecret: string };
  expect(
    (await customer.api.post('/api/payment/test-payments/pay', { clientSecret, ...PAYING_CARD })).status,
  ).toBe(200);
};

describe('GET /api/customer-info', () => {
  it('on the free plan: no billing, nothing charged, the trial still available', async () => {
    server.setNow(START);
    const drummer = await registerPayingCustomer(server, server.now);
    expect(await customerInfo(drummer)).toMatchObject({
      emailVerified: false,
      status: 'freemium',
      tier: 'freemium',
      billingPeriod: null,
      trialEndsAt: null,
      nextChargeAt: null,
      nextChargeCents: null,
      cancelAt: null,
      cancelAtPeriodEnd: false,
      trialAvailable: true,
    });
  });

  it('while trialing: the trial end is the first charge, of the chosen plan and period', async () => {
    server.setNow(START);
    const drummer = await registerPayingCustomer(server, server.now);
    await subscribe(drummer, 'price_basic_yearly');
    const trialEnd = seconds('2026-03-24T09:00:00.000Z');
    expect(await customerInfo(drummer)).toMatchObject({
      status: 'trialing',
      tier: 'basic',
      billingPeriod: 'yearly',
      trialEndsAt: trialEnd,
      nextChargeAt: trialEnd,
      nextChargeCents: 4999,
      cancelAtPeriodEnd: false,
      trialAvailable: false,
    });
  });

  it('once active: the next charge at the period end; cancelled at period end: nothing more charged', async () => {
    server.setNow(START);
    const drummer = await registerPayingCustomer(server, server.now);
    await subscribe(drummer, 'price_premium_monthly');
    server.setNow('2026-03-24T10:00:00.000Z');
    const periodEnd = seconds('2026-04-24T09:00:00.000Z');
    expect(await customerInfo(drummer)).toMatchObject({
      status: 'active',
      tier: 'premium',
      billingPeriod: 'monthly',
      trialEndsAt: null,
      nextChargeAt: periodEnd,
      nextChargeCents: 1599,
      cancelAtPeriodEnd: false,
    });

    expect((await drummer.api.get('/api/payment/cancel-subscription')).status).toBe(200);
    expect(await customerInfo(drummer)).toMatchObject({
      status: 'active',
      tier: 'premium',
      billingPeriod: 'monthly',
      cancelAt: periodEnd,
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
      nextChargeCents: null,
    });
  });
});
