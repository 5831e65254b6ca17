import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  planForPriceId,
  toDomainEvents,
  toEventsToAppend,
  TRIAL_DAYS,
  type DomainEvent,
  type EventStore,
  type PriceId,
} from '@stickwork/domain';
import type { Clock } from '../../clock.js';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutSessionState,
  type CheckoutSessionStatus,
  type CurrentSubscription,
  type PaymentProvider,
  type ProviderSubscription,
} from './payment-provider.js';

/**
 * The built-in test-payment provider (DESIGN.md "Configuration": the default without Stripe). It
 * works offline: checkout sessions are `checkout-<sessionId>` streams, the card form is served by
 * the app, and subscriptions live in the customer stream; this adapter only computes how a local
 * subscription changes (checkout, renewal, plan change, cancellation), as Stripe would.
 */

/** Where the app serves the local customer portal. */
export const LOCAL_PORTAL_PATH = '/test-payments/portal';
/** Stripe lets an unpaid checkout session live 24 hours. */
export const CHECKOUT_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const LOCAL_SUBSCRIPTION_PREFIX = 'sub_local_';

export const checkoutStreamId = (sessionId: string): string => `checkout-${sessionId}`;
export const isLocalSubscriptionId = (id: string | undefined): boolean =>
  id?.startsWith(LOCAL_SUBSCRIPTION_PREFIX) ?? false;

type TestCheckoutSessionCreated = DomainEvent<
  'TestCheckoutSessionCreated',
  {
    sessionId: string;
    customerId: string;
    priceId: PriceId;
    withTrial: boolean;
    createdAt: string;
    expiresAt: string;
  }
>;
type TestCheckoutSessionCompleted = DomainEvent<
  'TestCheckoutSessionCompleted',
  { subscriptionId: string; cardLast4: string; completedAt: string }
>;
type CheckoutEvent = TestCheckoutSessionCreated | TestCheckoutSessionCompleted;
const checkoutEventSchemaVersions: Record<CheckoutEvent['type'], number> = {
  TestCheckoutSessionCreated: 1,
  TestCheckoutSessionCompleted: 1,
};

export interface LocalCheckoutSession {
  id: string;
  customerId: string;
  priceId: PriceId;
  withTrial: boolean;
  expiresAt: string;
  subscriptionId: string | null;
  /** The stream's last revision, so a completion is appended only once. */
  revision: number;
}

export const localSessionStatus = (session: LocalCheckoutSession, now: Date): CheckoutSessionStatus =>
  session.subscriptionId !== null
    ? 'complete'
    : now.getTime() >= Date.parse(session.expiresAt)
      ? 'expired'
      : 'open';

/** The same day of the month (or the month's last day) one month or one year later, in UTC. */
export const addBillingPeriod = (iso: string, period: 'monthly' | 'yearly'): string => {
  const from = new Date(iso);
  const months = period === 'monthly' ? 1 : 12;
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target.toISOString();
};

const periodOf = (priceId: PriceId) => planForPriceId(priceId)!.period;

export const snapshotOf = (current: CurrentSubscription): ProviderSubscription => ({
  id: current.providerSubscriptionId,
  customerId: current.customerId,
  ...(current.providerCustomerId ? { providerCustomerId: current.providerCustomerId } : {}),
  priceId: current.priceId,
  status: current.status,
  trialEnd: current.trialEndsAt,
  currentPeriodEnd: current.currentPeriodEnd,
  cancelAt: current.cancelAt,
});

/** Cancel at period end: usable until the paid period (or the trial) ends. */
export const localCancellation = (current: CurrentSubscription): ProviderSubscription => ({
  ...snapshotOf(current),
  cancelAt: current.cancelAt ?? current.currentPeriodEnd,
});

/** A paid renewal for every period end up to `now`, oldest first (the first one ends a trial). */
export const localRenewals = (current: CurrentSubscription, now: Date): ProviderSubscription[] => {
  if (current.status === 'past_due' || current.cancelAt !== null) return [];
  const renewed: ProviderSubscription[] = [];
  let snapshot = snapshotOf(current);
  // Bounded: a clock years ahead renews at most a few hundred periods.
  for (let step = 0; step < 240 && Date.parse(snapshot.currentPeriodEnd) <= now.getTime(); step++) {
    snapshot = {
      ...snapshot,
      status: 'active',
      currentPeriodEnd: addBillingPeriod(snapshot.currentPeriodEnd, periodOf(snapshot.priceId)),
    };
    renewed.push(snapshot);
  }
  return renewed;
};

/** Paying an overdue invoice: active again, with a period end after `now`. */
export const localOverduePayment = (current: CurrentSubscription, now: Date): ProviderSubscription => {
  let periodEnd = current.currentPeriodEnd;
  for (let step = 0; step < 240 && Date.parse(periodEnd) <= now.getTime(); step++)
    periodEnd = addBillingPeriod(periodEnd, periodOf(current.priceId));
  return { ...snapshotOf(current), status: 'active', currentPeriodEnd: periodEnd };
};

export interface LocalPaymentProvider extends PaymentProvider {
  readonly kind: 'local';
  /** The session a client secret belongs to; null for a forged or unknown secret. */
  sessionForClientSecret(clientSecret: string): Promise<LocalCheckoutSession | null>;
  session(sessionId: string): Promise<LocalCheckoutSession | null>;
  /**
   * Records the paid checkout (once: a second completion of the same session throws
   * `CheckoutAlreadyCompleteError`) and answers the subscription it started.
   */
  completeCheckout(session: LocalCheckoutSession, cardLast4: string): Promise<ProviderSubscription>;
  changePlan(current: CurrentSubscription, priceId: PriceId): ProviderSubscription;
  resume(current: CurrentSubscription): ProviderSubscription;
  /** The renewal payment failed (the portal's "simulate a failed payment"). */
  failPayment(current: CurrentSubscription): ProviderSubscription;
  /** The overdue payment went through. */
  payOverdue(current: CurrentSubscription, now: Date): ProviderSubscription;
  /** A paid renewal for every period end up to `now`, oldest first (the first one ends a trial). */
  renewals(current: CurrentSubscription, now: Date): ProviderSubscription[];
}

export class CheckoutAlreadyCompleteError extends Error {
  override readonly name = 'CheckoutAlreadyCompleteError';
}

export const createLocalPaymentProvider = (deps: {
  store: EventStore;
  clock: Clock;
  /** Signs client secrets, so a secret cannot be made up from a session id. */
  signingKey: string;
}): LocalPaymentProvider => {
  const { store, clock } = deps;
  const signatureOf = (sessionId: string) =>
    createHmac('sha256', deps.signingKey).update(`checkout:${sessionId}`).digest('base64url').slice(0, 32);

  const session = async (sessionId: string): Promise<LocalCheckoutSession | null> => {
    if (!/^cs_local_[a-f0-9]+$/.test(sessionId)) return null;
    const recorded = await store.readStream(checkoutStreamId(sessionId));
    let found = null as LocalCheckoutSession | null;
    for (const event of toDomainEvents<CheckoutEvent>(recorded, checkoutEventSchemaVersions)) {
      if (event.type === 'TestCheckoutSessionCreated') {
        const { customerId, priceId, withTrial, expiresAt } = event.data;
        found = {
          id: sessionId,
          customerId,
          priceId,
          withTrial,
          expiresAt,
          subscriptionId: null,
          revision: 0,
        };
      } else if (found) found = { ...found, subscriptionId: event.data.subscriptionId };
    }
    return found && { ...found, revision: recorded[recorded.length - 1]!.revision };
  };

  const append = (sessionId: string, events: CheckoutEvent[], expectedRevision: number | 'no_stream') =>
    store.appendToStream(
      checkoutStreamId(sessionId),
      toEventsToAppend(events, checkoutEventSchemaVersions, { time: clock().toISOString() }),
      { expectedRevision },
    );

  return {
    kind: 'local',

    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const now = clock();
      const id = `cs_local_${randomBytes(12).toString('hex')}`;
      await append(
        id,
        [
          {
            type: 'TestCheckoutSessionCreated',
            data: {
              sessionId: id,
              customerId: request.customerId,
              priceId: request.priceId,
              withTrial: request.withTrial,
              createdAt: now.toISOString(),
              expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_LIFETIME_MS).toISOString(),
            },
          },
        ],
        'no_stream',
      );
      return { id, clientSecret: `${id}_secret_${signatureOf(id)}` };
    },

    async checkoutSession(sessionId: string): Promise<CheckoutSessionState | null> {
      const found = await session(sessionId);
      if (!found) return null;
      // The email lives only in the customer stream; the payments service adds it.
      return {
        id: found.id,
        status: localSessionStatus(found, clock()),
        customerId: found.customerId,
        customerEmail: null,
      };
    },

    session,

    async sessionForClientSecret(clientSecret: string) {
      const match = /^(cs_local_[a-f0-9]+)_secret_([A-Za-z0-9_-]{32})$/.exec(clientSecret);
      if (!match) return null;
      const [, sessionId, signature] = match as unknown as [string, string, string];
      const expected = Buffer.from(signatureOf(sessionId));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
      return session(sessionId);
    },

    async completeCheckout(found: LocalCheckoutSession, cardLast4: string) {
      if (found.subscriptionId !== null)
        throw new CheckoutAlreadyCompleteError('This checkout is already complete.');
      const now = clock();
      const subscriptionId = `${LOCAL_SUBSCRIPTION_PREFIX}${randomBytes(12).toString('hex')}`;
      try {
        await append(
          found.id,
          [
            {
              type: 'TestCheckoutSessionCompleted',
              data: { subscriptionId, cardLast4, completedAt: now.toISOString() },
            },
          ],
          found.revision,
        );
      } catch (error) {
        // Two payments for one session at once: only the first counts.
        throw new CheckoutAlreadyCompleteError('This checkout is already complete.', { cause: error });
      }
      const trialEnd = found.withTrial ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString() : null;
      return {
        id: subscriptionId,
        customerId: found.customerId,
        priceId: found.priceId,
        status: trialEnd ? 'trialing' : 'active',
        trialEnd,
        currentPeriodEnd: trialEnd ?? addBillingPeriod(now.toISOString(), periodOf(found.priceId)),
        cancelAt: null,
      };
    },

    changePlan: (current, priceId) => ({ ...snapshotOf(current), priceId }),
    resume: (current) => ({ ...snapshotOf(current), cancelAt: null }),
    failPayment: (current) => ({ ...snapshotOf(current), status: 'past_due' }),
    payOverdue: localOverduePayment,
    renewals: localRenewals,

    async createPortalSession() {
      // Relative: the browser stays on whatever origin it reached the app by.
      return { url: LOCAL_PORTAL_PATH };
    },

    async cancelAtPeriodEnd(current) {
      return localCancellation(current);
    },

    async cancelNow(current) {
      return { ...snapshotOf(current), status: 'canceled' };
    },

    // Its subscriptions live in the customer stream, changed only by the events this process makes.
    async currentSubscription() {
      return null;
    },

    async readWebhook() {
      throw new WebhookSignatureError(
        'Webhooks come from Stripe only; the local test-payment provider has none configured.',
      );
    },
  };
};
