import Stripe from 'stripe';
import { PRICE_IDS, type PriceId } from '@stickwork/domain';
import type { StripeConfig } from '../../config.js';
import {
  isHandledEventType,
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
  type CurrentSubscription,
  type HandledEventType,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from './payment-provider.js';
import {
  parseWebhookPart,
  stripeCheckoutSessionSchema,
  stripeEventSchema,
  stripeInvoiceSchema,
  stripeSubscriptionSchema,
  WebhookPayloadError,
} from './stripe-webhook-schemas.js';

/** Our price id → the environment variable holding Stripe's id for it. */
const PRICE_VARIABLES: Record<PriceId, keyof StripeConfig['prices']> = {
  price_basic_monthly: 'STRIPE_PRICE_BASIC_MONTHLY',
  price_basic_yearly: 'STRIPE_PRICE_BASIC_YEARLY',
  price_premium_monthly: 'STRIPE_PRICE_PREMIUM_MONTHLY',
  price_premium_yearly: 'STRIPE_PRICE_PREMIUM_YEARLY',
  price_exclusive_monthly: 'STRIPE_PRICE_EXCLUSIVE_MONTHLY',
  price_exclusive_yearly: 'STRIPE_PRICE_EXCLUSIVE_YEARLY',
};

const TRIAL_PERIOD_DAYS = 14;
/**
 * Embedded Checkout. The API version this SDK pins (stripe 23) names it `embedded_page`; older
 * API versions called the same mode `embedded`.
 */
const EMBEDDED_UI_MODE = 'embedded_page';

const isoFromUnix = (seconds: number): string => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  value == null ? undefined : typeof value === 'string' ? value : value.id;

export interface StripeProviderOptions {
  config: StripeConfig;
  /** Base of the return URL Stripe sends the browser back to. */
  publicUrl: string;
  /** Point the SDK somewhere else (a local fake in tests, stripe-mock); default api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * The Stripe adapter of the payment port, on the `stripe` package. Nothing here runs at start-up:
 * the client is created lazily, so a server without network still starts.
 */
export const createStripePaymentProvider = (options: StripeProviderOptions): PaymentProvider => {
  const { config, publicUrl } = options;
  let client: Stripe | undefined;
  const stripe = () =>
    (client ??= new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(options.api ?? {}),
    }));
  const ourPriceId = new Map<string, PriceId>(
    PRICE_IDS.map((id) => [config.prices[PRICE_VARIABLES[id]], id]),
  );

  /** Stripe errors become one error type with a message fit for a log, never for a customer. */
  const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError)
        throw new PaymentProviderError(`Stripe ${what} failed: ${error.type} ${error.code ?? ''}`.trim(), {
          cause: error,
        });
      throw error;
    }
  };

  const toSubscription = (
    subscription: Stripe.Subscription,
    fallbackCustomerId: string | null,
  ): ProviderSubscription | null => {
    const item = subscription.items.data[0];
    const priceId = item ? ourPriceId.get(item.price.id) : undefined;
    if (!item || !priceId) return null; // not one of our prices
    const currentPeriodEnd = isoFromUnix(item.current_period_end);
    const status: string = subscription.status;
    return {
      id: subscription.id,
      customerId: subscription.metadata?.customerId ?? fallbackCustomerId,
      ...(idOf(subscription.customer) ? { providerCustomerId: idOf(subscription.customer)! } : {}),
      priceId,
      status:
        status === 'trialing' || status === 'active' || status === 'past_due' || status === 'canceled'
          ? (status as ProviderSubscription['status'])
          : status === 'unpaid' || status === 'incomplete_expired'
            ? 'canceled'
            : 'other',
      trialEnd: subscription.trial_end ? isoFromUnix(subscription.trial_end) : null,
      currentPeriodEnd,
      cancelAt: subscription.cancel_at_period_end
        ? currentPeriodEnd
        : subscription.cancel_at
          ? isoFromUnix(subscription.cancel_at)
          : null,
    };
  };

  const retrieveSubscription = (id: string, fallbackCustomerId: string | null) =>
    call('subscription retrieval', () => stripe().subscriptions.retrieve(id)).then((subscription) =>
      toSubscription(subscription, fallbackCustomerId),
    );

  const requireMapped = (subscription: ProviderSubscription | null, id: string): ProviderSubscription => {
    if (!subscription) throw new PaymentProviderError(`Stripe subscription ${id} has no price of ours`);
    return subscription;
  };

  return {
    kind: 'stripe',
    ...(config.publishableKey ? { publishableKey: config.publishableKey } : {}),

    async createCheckoutSession(request: CheckoutRequest) {
      const session = await call('checkout session creation', () =>
        stripe().checkout.sessions.create({
          ui_mode: EMBEDDED_UI_MODE,
          mode: 'subscription',
          line_items: [{ price: config.prices[PRICE_VARIABLES[request.priceId]], quantity: 1 }],
          client_reference_id: request.customerId,
          customer_email: request.email,
          return_url: `${publicUrl}/return?session_id={CHECKOUT_SESSION_ID}`,
          metadata: { customerId: request.customerId },
          subscription_data: {
            metadata: { customerId: request.customerId },
            ...(request.withTrial ? { trial_period_days: TRIAL_PERIOD_DAYS } : {}),
          },
        }),
      );
      if (!session.client_secret) throw new PaymentProviderError('Stripe returned no client secret');
      return { id: session.id, clientSecret: session.client_secret };
    },

    async checkoutSession(sessionId: string) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe().checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        return call('checkout session retrieval', () => Promise.reject(error));
      }
      const status: string | null = session.status;
      return {
        id: session.id,
        status: status === 'complete' ? 'complete' : status === 'expired' ? 'expired' : 'open',
        customerId: session.client_reference_id,
        customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
      };
    },

    async createPortalSession(request) {
      if (!request.providerCustomerId)
        throw new PaymentProviderError('A Stripe customer portal needs a Stripe customer');
      const session = await call('portal session creation', () =>
        stripe().billingPortal.sessions.create({
          customer: request.providerCustomerId!,
          return_url: `${publicUrl}/account-settings`,
        }),
      );
      return { url: session.url };
    },

    async cancelAtPeriodEnd(current: CurrentSubscription) {
      const updated = await call('cancellation', () =>
        stripe().subscriptions.update(current.providerSubscriptionId, { cancel_at_period_end: true }),
      );
      return requireMapped(toSubscription(updated, current.customerId), updated.id);
    },

    async cancelNow(current: CurrentSubscription) {
      const canceled = await call('immediate cancellation', () =>
        stripe().subscriptions.cancel(current.providerSubscriptionId),
      );
      return requireMapped(toSubscription(canceled, current.customerId), canceled.id);
    },

    currentSubscription: retrieveSubscription,

    async readWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent | null> {
      let verified: unknown;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        verified = stripe().webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        // The signature is checked first: a body that fails to parse was signed, just not JSON.
        if (error instanceof SyntaxError)
          throw new WebhookPayloadError('The webhook body is not valid JSON.');
        throw new WebhookSignatureError('The webhook signature is not valid.', { cause: error });
      }
      const event = parseWebhookPart(stripeEventSchema, verified, 'event');
      if (!isHandledEventType(event.type)) return null;
      const base = {
        id: event.id,
        type: event.type as HandledEventType,
        created: isoFromUnix(event.created),
      };
      const object = event.data.object;

      switch (event.type) {
        case 'checkout.session.completed': {
          const session = parseWebhookPart(stripeCheckoutSessionSchema, object, 'data.object');
          const customerId = session.client_reference_id ?? session.metadata?.customerId ?? null;
          const subscriptionId = idOf(session.subscription);
          const subscription = subscriptionId ? await retrieveSubscription(subscriptionId, customerId) : null;
          return { ...base, customerId: subscription?.customerId ?? customerId, subscription };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const subscription = toSubscription(
            parseWebhookPart(
              stripeSubscriptionSchema,
              object,
              'data.object',
            ) as unknown as Stripe.Subscription,
            null,
          );
          return { ...base, customerId: subscription?.customerId ?? null, subscription };
        }
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          const invoice = parseWebhookPart(stripeInvoiceSchema, object, 'data.object');
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          if (!subscriptionId) return null; // not a subscription's invoice
          const subscription = await retrieveSubscription(
            subscriptionId,
            invoice.parent?.subscription_details?.metadata?.customerId ?? null,
          );
          return { ...base, customerId: subscription?.customerId ?? null, subscription };
        }
        default:
          return null;
      }
    },
  };
};
