import type { EventStore } from '@stickwork/domain';
import type { Config } from '../../config.js';
import type { Clock } from '../../clock.js';
import { createLocalPaymentProvider, type LocalPaymentProvider } from './local-payment-provider.js';
import type { PaymentProvider } from './payment-provider.js';

export type StripePaymentProvider = PaymentProvider & { readonly kind: 'stripe' };
/** The payment port as the backend holds it: the local provider has a few operations more. */
export type PaymentPort = LocalPaymentProvider | StripePaymentProvider;

const apiOf = (apiUrl: string | undefined) => {
  if (!apiUrl) return undefined;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  } as const;
};

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the local test-payment provider. Calls no one. */
export const createPaymentProvider = (
  config: Pick<Config, 'stripe' | 'publicUrl'>,
  deps: { store: EventStore; clock: Clock; signingKey: string },
): PaymentPort => {
  if (!config.stripe) return createLocalPaymentProvider(deps);
  const stripe = config.stripe;
  const api = apiOf(stripe.apiUrl);
  // The Stripe SDK is loaded with the first payment call, not at start-up.
  let provider: Promise<PaymentProvider> | undefined;
  const load = () =>
    (provider ??= import('./stripe-payment-provider.js').then(({ createStripePaymentProvider }) =>
      createStripePaymentProvider({ config: stripe, publicUrl: config.publicUrl, ...(api ? { api } : {}) }),
    ));
  return {
    kind: 'stripe',
    ...(stripe.publishableKey ? { publishableKey: stripe.publishableKey } : {}),
    createCheckoutSession: async (request) => (await load()).createCheckoutSession(request),
    checkoutSession: async (sessionId) => (await load()).checkoutSession(sessionId),
    createPortalSession: async (request) => (await load()).createPortalSession(request),
    cancelAtPeriodEnd: async (subscription) => (await load()).cancelAtPeriodEnd(subscription),
    cancelNow: async (subscription) => (await load()).cancelNow(subscription),
    currentSubscription: async (id, customerId) => (await load()).currentSubscription(id, customerId),
    readWebhook: async (rawBody, signature) => (await load()).readWebhook(rawBody, signature),
  };
};
