import { type TestPortalAction, type TestPortalView } from '@stickwork/domain';
import { apiRequest } from '../../lib/api-client';

/** The payment calls of product-spec §7, and the local test-payment provider's own. */

export interface PaymentConfig {
  provider: 'local' | 'stripe';
  publishableKey?: string;
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export interface TestCardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const fetchPaymentConfig = () => apiRequest<PaymentConfig>('/api/payment/config');

export const createCheckoutSession = (priceId: string) =>
  apiRequest<{ clientSecret: string }>(
    `/api/payment/create-checkout-session?priceId=${encodeURIComponent(priceId)}`,
  );

export const fetchSessionStatus = (sessionId: string) =>
  apiRequest<{ status: CheckoutSessionStatus; customer_email: string }>(
    `/api/payment/session-status?session_id=${encodeURIComponent(sessionId)}`,
  );

export const fetchRefreshedToken = () => apiRequest<{ token: string }>('/api/authenticate/update-jwt');

export const payTestCheckout = (clientSecret: string, card: TestCardInput) =>
  apiRequest<{ sessionId: string }>('/api/payment/test-payments/pay', {
    method: 'POST',
    body: { clientSecret, ...card },
  });

export const fetchTestPortal = () => apiRequest<TestPortalView>('/api/payment/test-payments/portal');

export const actInTestPortal = (action: TestPortalAction) =>
  apiRequest<TestPortalView>('/api/payment/test-payments/portal', { method: 'POST', body: action });

/** Where /return sends a customer whose checkout is still open. */
const LAST_CHECKOUT_KEY = 'stickwork-last-checkout-price';
export const rememberCheckoutPrice = (priceId: string) => {
  try {
    sessionStorage.setItem(LAST_CHECKOUT_KEY, priceId);
  } catch {
    // storage unavailable: /return then sends the customer to /pricing
  }
};
export const lastCheckoutPrice = (): string | null => {
  try {
    return sessionStorage.getItem(LAST_CHECKOUT_KEY);
  } catch {
    return null;
  }
};
