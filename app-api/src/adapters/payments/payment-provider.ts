import type { PriceId } from '@stickwork/domain';

/**
 * The payment port: what the payments service needs from a card payment provider. Two adapters:
 * Stripe (when STRIPE_SECRET_KEY is set) and the built-in local test-payment provider.
 *
 * Provider state reaches the customer stream only as `ProviderEvent`s with a subscription snapshot,
 * through one path (payments/apply-provider-event.ts), whether Stripe sent a webhook, a Stripe API
 * call answered, or the local provider completed a checkout or a period ended.
 */
export type PaymentProviderKind = 'local' | 'stripe';

/** A provider's subscription as it is now, in our words (price ids are ours, times ISO 8601). */
export interface ProviderSubscription {
  id: string;
  /** Our customer id, from the subscription's metadata.customerId (or the checkout's client_reference_id). */
  customerId: string | null;
  /** The provider's own customer id (Stripe: cus_...), needed for its customer portal. */
  providerCustomerId?: string;
  priceId: PriceId;
  /** Stripe's statuses; the ones we do not act on (incomplete, paused, ...) read as 'other'. */
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'other';
  trialEnd: string | null;
  currentPeriodEnd: string;
  /** When a scheduled cancellation takes effect (cancel_at_period_end); null when none is. */
  cancelAt: string | null;
}

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

export const isHandledEventType = (type: string): type is HandledEventType =>
  (HANDLED_EVENT_TYPES as readonly string[]).includes(type);

export interface ProviderEvent {
  /** Unique per event (Stripe: evt_...); each id applies once. */
  id: string;
  type: HandledEventType;
  /** When the provider created the event (ISO); an event older than the last applied one changes nothing. */
  created: string;
  customerId: string | null;
  subscription: ProviderSubscription | null;
}

export interface CheckoutRequest {
  customerId: string;
  email: string;
  priceId: PriceId;
  /** Only a customer's first paid subscription starts with the trial. */
  withTrial: boolean;
}

export interface CheckoutSession {
  id: string;
  clientSecret: string;
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

export interface CheckoutSessionState {
  id: string;
  status: CheckoutSessionStatus;
  /** Whose checkout it is (client_reference_id). */
  customerId: string | null;
  customerEmail: string | null;
}

export interface PortalRequest {
  customerId: string;
  /** Stripe's customer (cus_...); the local portal needs none. */
  providerCustomerId: string | undefined;
}

/** A live subscription as the customer stream knows it, for calls that change it at the provider. */
export interface CurrentSubscription {
  customerId: string;
  providerSubscriptionId: string;
  providerCustomerId: string | undefined;
  priceId: PriceId;
  status: 'trialing' | 'active' | 'past_due';
  trialEndsAt: string | null;
  currentPeriodEnd: string;
  cancelAt: string | null;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** The publishable key Stripe.js needs in the browser; none for the local provider. */
  readonly publishableKey?: string;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** null for an id the provider does not know. */
  checkoutSession(sessionId: string): Promise<CheckoutSessionState | null>;
  createPortalSession(request: PortalRequest): Promise<{ url: string }>;
  /** Sets cancel_at_period_end and answers the subscription as the provider now has it. */
  cancelAtPeriodEnd(subscription: CurrentSubscription): Promise<ProviderSubscription>;
  /** Ends a subscription now (a payment overdue past the grace period). */
  cancelNow(subscription: CurrentSubscription): Promise<ProviderSubscription>;
  /**
   * The subscription as the provider has it now, read from the provider (Stripe: a retrieval); null
   * when the provider keeps no state of its own beyond the events it produced (the local provider).
   */
  currentSubscription(id: string, customerId: string | null): Promise<ProviderSubscription | null>;
  /**
   * Verifies a webhook's signature over the raw body and reads the event. Throws
   * `WebhookSignatureError` for a bad signature; answers null for an event type we do not handle.
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent | null>;
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/** A provider refused a change (Stripe's API answered with an error). */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
}
