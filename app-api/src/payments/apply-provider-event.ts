import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  isDomainError,
  isWrongExpectedRevision,
  type CustomerCommand,
  handleCommand,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { loadCustomer } from '../accounts/customer-records.js';
import type { ProviderEvent } from '../adapters/payments/payment-provider.js';
import { isOlderThanApplied, loadPaymentLedger, recordInLedger } from './payment-ledger.js';
import { subscriptionCommands, targetOf } from './subscription-sync.js';

export type ApplyOutcome =
  /** The customer stream now agrees with the event (it may have agreed already). */
  | 'applied'
  /** This event id was applied before. */
  | 'duplicate'
  /** Older than an event already applied to this customer. */
  | 'stale'
  /** No customer of ours: no customerId in the metadata, or the customer was erased. */
  | 'unmatched';

type ApplyBackend = Pick<Backend, 'store' | 'clock' | 'logger'>;

/**
 * The one way provider state reaches the customer stream: Stripe webhooks, Stripe API answers, the
 * local provider's checkouts, portal actions and period ends all arrive here as `ProviderEvent`s.
 * The subscription commands go through the customer decider (and so the subscription machine);
 * the event is then recorded in the customer's payment ledger.
 */
export interface ApplyOptions {
  /**
   * The snapshot is the provider's state right now (an API answer, a local provider step), so it is
   * never older than what was applied: its time is lifted to the last applied event's when the
   * provider's clock runs behind ours.
   */
  current?: boolean;
}

export const applyProviderEvent = async (
  backend: ApplyBackend,
  incoming: ProviderEvent,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> => {
  const { store, clock, logger } = backend;
  const customerId = incoming.customerId;
  if (!customerId) {
    logger.warn(
      { eventId: incoming.id, eventType: incoming.type },
      'payment event without a customer of ours',
    );
    return 'unmatched';
  }
  for (let attempt = 0; ; attempt++) {
    const ledger = await loadPaymentLedger(store, customerId);
    if (ledger.seenEventIds.has(incoming.id)) return 'duplicate';
    const event =
      options.current && isOlderThanApplied(ledger, incoming)
        ? { ...incoming, created: ledger.lastAppliedAt! }
        : incoming;
    const customer = await loadCustomer(store, customerId);
    if (customer.status !== 'registered') {
      logger.warn(
        { eventId: incoming.id, eventType: incoming.type },
        'payment event for a customer who is gone',
      );
      return 'unmatched';
    }
    const stale = isOlderThanApplied(ledger, event);
    if (!stale) await syncCustomer(backend, customerId, event);
    try {
      await recordInLedger(store, customerId, ledger, event, stale ? 'skipped' : 'applied', clock());
      logger.info({ eventId: event.id, eventType: event.type, customerId, stale }, 'payment event handled');
      return stale ? 'stale' : 'applied';
    } catch (error) {
      // Another delivery of an event for this customer got there first: look again.
      if (!isWrongExpectedRevision(error) || attempt >= 20) throw error;
    }
  }
};

const syncCustomer = async (backend: ApplyBackend, customerId: string, event: ProviderEvent) => {
  const target = targetOf(event);
  if (!target) return;
  const stream = customerStreamId(customerId);
  const customer = await loadCustomer(backend.store, customerId);
  if (customer.status !== 'registered') return;
  for (const command of subscriptionCommands(customer.subscription, target)) {
    try {
      await handleCommand(
        backend.store,
        stream,
        customerDecider,
        customerEventSchemaVersions,
        { ...command, metadata: { now: backend.clock() } } as CustomerCommand,
        { metadata: { causationId: event.id } },
      );
    } catch (error) {
      // The machine refuses a step (say, a plan change while overdue): the rest still applies.
      if (!isDomainError(error)) throw error;
      backend.logger.warn(
        { eventId: event.id, command: command.type, reason: error.message },
        'payment event step not applied',
      );
    }
  }
};
