import { expect, type APIRequestContext } from '@playwright/test';

/** The local test-payment provider's card that pays. */
export const PAYING_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/**
 * Checks out a plan through the API with the paying test card; the customer's first checkout starts
 * the 14-day trial. Answers a fresh login token that carries the new plan.
 */
export const subscribeViaApi = async (
  request: APIRequestContext,
  token: string,
  priceId = 'price_premium_monthly',
): Promise<string> => {
  const headers = { 'x-auth-token': token };
  const checkout = await request.get(`/api/payment/create-checkout-session?priceId=${priceId}`, { headers });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { clientSecret } = (await checkout.json()) as { clientSecret: string };
  const paid = await request.post('/api/payment/test-payments/pay', {
    headers,
    data: { clientSecret, ...PAYING_CARD, name: 'Ringo Starr' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const refreshed = await request.get('/api/authenticate/update-jwt', { headers });
  expect(refreshed.ok(), await refreshed.text()).toBe(true);
  return ((await refreshed.json()) as { token: string }).token;
};
