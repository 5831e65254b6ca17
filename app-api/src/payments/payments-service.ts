import { randomUUID } from 'node:crypto';
import {
  isTrialAvailable,
  planForPriceId,
  PRICE_IDS,
  type PriceId,
  type TestPortalAction,
  type TestPortalView,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { HttpError } from '../http/http-error.js';
import { loadRegisteredCustomer, type RegisteredCustomer } from '../accounts/customer-records.js';
import {
  CheckoutAlreadyCompleteError,
  isLocalSubscriptionId,
  localCancellation,
  LOCAL_PORTAL_PATH,
  type LocalPaymentProvider,
} from '../adapters/payments/local-payment-provider.js';
import type {
  CheckoutSessionStatus,
  CurrentSubscription,
  PaymentProviderKind,
  ProviderEvent,
  ProviderSubscription,
} from '../adapters/payments/payment-provider.js';
import { checkTestCard, type TestCard } from '../adapters/payments/test-cards.js';
import { applyProviderEvent, type ApplyOutcome } from './apply-provider-event.js';
import { loadPaymentLedger } from './payment-ledger.js';
import { settlePeriodEnds } from './period-ends.js';
import { currentSubscriptionOf, UNRECORDED_SUBSCRIPTION_ID } from './subscription-sync.js';

export const PAYMENT_MESSAGES = {
  alreadySubscribed: 'You already have a subscription. You can change it in your account settings.',
  noSession: 'There is no checkout session with this id.',
  nothingToManage: 'There is no subscription to manage yet. Choose a plan on the pricing page first.',
  sessionNotOpen: 'This checkout is already complete or has expired. Please start a new one.',
  badClientSecret: 'This checkout session is not valid. Please start a new checkout.',
  localOnly: 'The local test-payment provider is not in use; payments go through Stripe.',
  providerDown: 'The payment provider could not be reached. Please try again later.',
} as const;

/** GET /api/payment/config: which checkout the web app shows. */
export interface PaymentConfigView {
  provider: PaymentProviderKind;
  publishableKey?: string;
}

const isLocalOrUnrecorded = (current: CurrentSubscription) =>
  isLocalSubscriptionId(current.providerSubscriptionId) ||
  current.providerSubscriptionId === UNRECORDED_SUBSCRIPTION_ID;

/** The application service behind /api/payment/* (the payment port does the provider's part). */
export const createPaymentsService = (backend: Backend) => {
  const { payments, clock } = backend;

  const reload = async (customerId: string): Promise<RegisteredCustomer> => {
    const customer = await loadRegisteredCustomer(backend.store, customerId);
    if (!customer) throw new HttpError(401, 'User not authorized');
    return customer;
  };

  /** An event our side caused (an API answer, a local checkout or portal action), applied now. */
  const applyNow = (
    customerId: string,
    type: ProviderEvent['type'],
    subscription: ProviderSubscription,
    id = `evt_${payments.kind === 'local' ? 'local' : 'api'}_${randomUUID()}`,
  ): Promise<ApplyOutcome> =>
    applyProviderEvent(
      backend,
      { id, type, created: clock().toISOString(), customerId, subscription },
      { current: true },
    );

  const local = (): LocalPaymentProvider => {
    if (payments.kind !== 'local') throw new HttpError(404, PAYMENT_MESSAGES.localOnly);
    return payments;
  };

  /** Provider calls fail as a 502 with a message for the customer; the cause goes to the log. */
  const viaProvider = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if ((error as Error).name !== 'PaymentProviderError') throw error;
      backend.logger.error({ err: error }, 'payment provider call failed');
      throw new HttpError(502, PAYMENT_MESSAGES.providerDown);
    }
  };

  const cancelAtPeriodEnd = async (customer: RegisteredCustomer): Promise<void> => {
    const current = currentSubscriptionOf(customer);
    // Nothing running, or already cancelled: the answer shows the state as it is.
    if (!current || current.cancelAt !== null) return;
    const canceled =
      payments.kind === 'stripe' && !isLocalOrUnrecorded(current)
        ? await viaProvider(() => payments.cancelAtPeriodEnd(current))
        : localCancellation(current);
    await applyNow(customer.customerId, 'customer.subscription.updated', canceled);
  };

  const testPortal = async (customerId: string): Promise<TestPortalView> => {
    local();
    await settlePeriodEnds(backend, customerId);
    const customer = await reload(customerId);
    const current = currentSubscriptionOf(customer);
    const plan = current && planForPriceId(current.priceId);
    return {
      email: customer.email,
      subscription:
        current && plan
          ? {
              tier: plan.tier,
              period: plan.period,
              priceId: current.priceId,
              status: current.status,
              trialEndsAt: current.trialEndsAt,
              currentPeriodEnd: current.currentPeriodEnd,
              cancelAt: current.cancelAt,
            }
          : null,
      priceIds: PRICE_IDS,
    };
  };

  return {
    settle: (customerId: string) => settlePeriodEnds(backend, customerId),

    config: (): PaymentConfigView => ({
      provider: payments.kind,
      ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
    }),

    async createCheckoutSession(customerId: string, priceId: PriceId): Promise<{ clientSecret: string }> {
      await settlePeriodEnds(backend, customerId);
      const customer = await reload(customerId);
      if (customer.subscription !== null) throw new HttpError(409, PAYMENT_MESSAGES.alreadySubscribed);
      const session = await viaProvider(() =>
        payments.createCheckoutSession({
          customerId,
          email: customer.email,
          priceId,
          withTrial: isTrialAvailable(customer),
        }),
      );
      return { clientSecret: session.clientSecret };
    },

    async sessionStatus(
      customer: RegisteredCustomer,
      sessionId: string,
    ): Promise<{ status: CheckoutSessionStatus; customer_email: string }> {
      const session = await viaProvider(() => payments.checkoutSession(sessionId));
      if (!session || session.customerId !== customer.customerId)
        throw new HttpError(404, PAYMENT_MESSAGES.noSession);
      return { status: session.status, customer_email: session.customerEmail ?? customer.email };
    },

    async createPortalSession(customer: RegisteredCustomer): Promise<{ url: string }> {
      const current = currentSubscriptionOf(customer);
      // The local portal also shows a customer without a subscription (and points to the plans).
      if (payments.kind === 'local' || (current && isLocalOrUnrecorded(current)))
        return { url: LOCAL_PORTAL_PATH };
      const providerCustomerId =
        current?.providerCustomerId ??
        (await loadPaymentLedger(backend.store, customer.customerId)).providerCustomerId;
      if (!providerCustomerId) throw new HttpError(400, PAYMENT_MESSAGES.nothingToManage);
      return viaProvider(() =>
        payments.createPortalSession({ customerId: customer.customerId, providerCustomerId }),
      );
    },

    /** GET /api/payment/cancel-subscription and the account deletion: cancel at period end. */
    async cancelSubscription(customerId: string) {
      await settlePeriodEnds(backend, customerId);
      await cancelAtPeriodEnd(await reload(customerId));
      const subscription = (await reload(customerId)).subscription;
      return {
        cancelAt: subscription?.cancelAt ? Math.floor(Date.parse(subscription.cancelAt) / 1000) : null,
        cancelAtPeriodEnd: subscription?.cancelAt != null,
      };
    },

    /** Deleting an account cancels a running subscription at period end first (terms). */
    async cancelBeforeErasure(customerId: string): Promise<void> {
      const customer = await loadRegisteredCustomer(backend.store, customerId);
      if (customer?.subscription && customer.subscription.cancelAt === null)
        await cancelAtPeriodEnd(customer);
    },

    /** POST /api/payment/webhook: the raw body and its Stripe-Signature header. */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<ApplyOutcome | 'ignored'> {
      const event = await viaProvider(() => payments.readWebhook(rawBody, signature));
      if (!event) return 'ignored';
      return applyProviderEvent(backend, event, {
        currentSubscription: (id, customerId) =>
          viaProvider(() => payments.currentSubscription(id, customerId)),
      });
    },

    /** The local provider's embedded form: pay a checkout session with a test card. */
    async payTestCheckout(
      customerId: string,
      clientSecret: string,
      card: TestCard,
    ): Promise<{ sessionId: string }> {
      const provider = local();
      const session = await provider.sessionForClientSecret(clientSecret);
      if (!session || session.customerId !== customerId)
        throw new HttpError(400, PAYMENT_MESSAGES.badClientSecret);
      if (session.subscriptionId !== null || Date.parse(session.expiresAt) <= clock().getTime())
        throw new HttpError(409, PAYMENT_MESSAGES.sessionNotOpen);
      const check = checkTestCard(card, clock());
      if (check.outcome === 'invalid')
        throw new HttpError(400, check.message, { [check.field]: [check.message] });
      if (check.outcome === 'declined') throw new HttpError(402, check.message);
      const customer = await reload(customerId);
      if (customer.subscription !== null) throw new HttpError(409, PAYMENT_MESSAGES.alreadySubscribed);
      let subscription: ProviderSubscription;
      try {
        subscription = await provider.completeCheckout(
          { ...session, withTrial: session.withTrial && isTrialAvailable(customer) },
          check.last4,
        );
      } catch (error) {
        if (error instanceof CheckoutAlreadyCompleteError)
          throw new HttpError(409, PAYMENT_MESSAGES.sessionNotOpen);
        throw error;
      }
      await applyNow(
        customerId,
        'checkout.session.completed',
        subscription,
        `evt_local_checkout_${session.id}`,
      );
      return { sessionId: session.id };
    },

    /** The local customer portal (GET /api/payment/test-payments/portal). */
    testPortal,

    async testPortalAction(customerId: string, request: TestPortalAction): Promise<TestPortalView> {
      const provider = local();
      await settlePeriodEnds(backend, customerId);
      const current = currentSubscriptionOf(await reload(customerId));
      if (!current) throw new HttpError(400, PAYMENT_MESSAGES.nothingToManage);
      switch (request.action) {
        case 'change-plan':
          await applyNow(
            customerId,
            'customer.subscription.updated',
            provider.changePlan(current, request.priceId),
          );
          break;
        case 'cancel':
          await applyNow(customerId, 'customer.subscription.updated', localCancellation(current));
          break;
        case 'resume':
          await applyNow(customerId, 'customer.subscription.updated', provider.resume(current));
          break;
        case 'fail-payment':
          await applyNow(customerId, 'invoice.payment_failed', provider.failPayment(current));
          break;
        case 'pay-overdue':
          await applyNow(customerId, 'invoice.paid', provider.payOverdue(current, clock()));
          break;
        default: {
          const _exhaustive: never = request;
          throw new HttpError(400, `Unknown action ${String((_exhaustive as { action: unknown }).action)}`);
        }
      }
      return testPortal(customerId);
    },
  };
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;
