import type { CustomerState } from '@stickwork/domain';
import { customerDirectoryProjection, type CustomerDirectoryEntry } from '@stickwork/projections';
import type { Backend } from '../backend.js';
import { loadRegisteredCustomer } from '../accounts/customer-records.js';
import {
  isLocalSubscriptionId,
  localRenewals,
  snapshotOf,
} from '../adapters/payments/local-payment-provider.js';
import { PaymentProviderError, type ProviderEvent } from '../adapters/payments/payment-provider.js';
import { applyProviderEvent } from './apply-provider-event.js';
import { currentSubscriptionOf, UNRECORDED_SUBSCRIPTION_ID } from './subscription-sync.js';
import { startPeriodicSweep } from '../periodic-sweep.js';

/**
 * How long an overdue subscription keeps its tier before the customer is back on freemium. Stripe
 * retries a failed card for about two weeks by default; a week of grace is what Stickwork gives
 * (the terms allow suspension on payment default and termination after 4 weeks).
 */
export const PAYMENT_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the server looks for period ends (besides every read of the plan). */
export const PERIOD_END_SWEEP_MS = 60_000;

type SettleBackend = Pick<
  Backend,
  'store' | 'clock' | 'logger' | 'payments' | 'readModels' | 'mailer' | 'config'
>;

/**
 * When `settlePeriodEnds` next has something to write for the customer (a grace end, a cancellation
 * coming due, a local trial end or renewal), or null when only the provider can end or renew it.
 * The seed walks its clock to these instants, so each is recorded at its own time.
 */
export const nextPeriodEndAt = (customer: CustomerState): Date | null => {
  if (customer.status !== 'registered') return null;
  const current = currentSubscriptionOf(customer);
  if (!current) return null;
  const subscriptionId = current.providerSubscriptionId;
  const local = isLocalSubscriptionId(subscriptionId) || subscriptionId === UNRECORDED_SUBSCRIPTION_ID;
  if (current.status === 'past_due') {
    const since = customer.subscription?.pastDueSince;
    return since === undefined ? null : new Date(Date.parse(since) + PAYMENT_GRACE_DAYS * DAY_MS);
  }
  if (!local) return null;
  return new Date(current.cancelAt ?? current.currentPeriodEnd);
};

/** Whether `settlePeriodEnds` has something to write for the customer at `now`. */
export const periodEndDue = (customer: CustomerState, now: Date): boolean => {
  const due = nextPeriodEndAt(customer);
  return due !== null && due.getTime() <= now.getTime();
};

/**
 * Period ends for one customer, at the backend clock's now:
 * - a cancellation whose date has come ends the subscription (back to freemium);
 * - an overdue payment past the grace period ends it too (with Stripe: cancelled there as well);
 * - local provider only: a trial or period that has ended renews with a test "payment" (active).
 * Stripe runs its own trial ends and renewals and tells us by webhook. Every step is a provider
 * event with an id derived from the subscription and the period, so settling twice (the sweep and
 * a read at once) applies it once.
 */
export const settlePeriodEnds = async (backend: SettleBackend, customerId: string): Promise<void> => {
  const customer = await loadRegisteredCustomer(backend.store, customerId);
  const current = customer && currentSubscriptionOf(customer);
  if (!current) return;
  const now = backend.clock();
  if (!periodEndDue(customer, now)) return;
  const created = now.toISOString();
  const subscriptionId = current.providerSubscriptionId;
  const local = isLocalSubscriptionId(subscriptionId) || subscriptionId === UNRECORDED_SUBSCRIPTION_ID;
  const apply = (event: Omit<ProviderEvent, 'created' | 'customerId'>) =>
    applyProviderEvent(backend, { ...event, created, customerId }, { current: true });

  if (current.status === 'past_due') {
    // The customer decider keeps when the subscription went past due (domain customer-evolve).
    const since = customer.subscription?.pastDueSince;
    if (since === undefined || Date.parse(since) + PAYMENT_GRACE_DAYS * DAY_MS > now.getTime()) return;
    let ended = { ...snapshotOf(current), status: 'canceled' as const };
    if (!local && backend.payments.kind === 'stripe') {
      try {
        ended = { ...(await backend.payments.cancelNow(current)), status: 'canceled' };
      } catch (error) {
        // Stripe unreachable: the next sweep tries again; the customer keeps the tier meanwhile.
        if (error instanceof PaymentProviderError)
          return void backend.logger.warn({ err: error }, 'grace end not cancelled at Stripe');
        throw error;
      }
    }
    await apply({
      id: `evt_grace_end_${subscriptionId}_${since}`,
      type: 'customer.subscription.deleted',
      subscription: ended,
    });
    return;
  }

  if (current.cancelAt !== null && Date.parse(current.cancelAt) <= now.getTime()) {
    if (!local) return; // Stripe ends it and sends customer.subscription.deleted
    await apply({
      id: `evt_local_period_end_${subscriptionId}_${current.cancelAt}`,
      type: 'customer.subscription.deleted',
      subscription: { ...snapshotOf(current), status: 'canceled' },
    });
    return;
  }

  if (!local) return;
  for (const renewed of localRenewals(current, now)) {
    await apply({
      id: `evt_local_renewal_${subscriptionId}_${renewed.currentPeriodEnd}`,
      type: 'invoice.paid',
      subscription: renewed,
    });
  }
};

/** Every customer with a running subscription (from the customer directory read model). */
export const settleAllPeriodEnds = async (backend: SettleBackend): Promise<number> => {
  const entries = backend.readModels.list<CustomerDirectoryEntry | null>(customerDirectoryProjection.name);
  let settled = 0;
  for (const { state } of entries) {
    if (!state?.account.subscription) continue;
    try {
      await settlePeriodEnds(backend, state.customerId);
      settled += 1;
    } catch (error) {
      backend.logger.error({ err: error, customerId: state.customerId }, 'period-end settlement failed');
    }
  }
  return settled;
};

/**
 * Period ends also pass while nobody reads: looks every minute, one sweep at a time, without keeping the
 * process alive. Started by the background duties (one process at a time); answers how to stop it.
 */
export const startPeriodEndSweep = (backend: SettleBackend): (() => void) =>
  startPeriodicSweep(
    'period-end sweep',
    PERIOD_END_SWEEP_MS,
    () => settleAllPeriodEnds(backend),
    backend.logger,
  );
