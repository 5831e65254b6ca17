import {
  isDomainError,
  isWrongExpectedRevision,
  type CustomerState,
  type SubscriptionStarted,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { runCustomerCommand } from '../accounts/customer-commands.js';
import { loadCustomer } from '../accounts/customer-records.js';
import type { ProviderEvent, ProviderSubscription } from '../adapters/payments/payment-provider.js';
import {
  isOlderThanApplied,
  loadPaymentLedger,
  recordInLedger,
  sharesSecondWithApplied,
  type PaymentLedger,
} from './payment-ledger.js';
import { subscriptionCommands, targetOf } from './subscription-sync.js';
import { subscriptionConfirmationMail } from './subscription-confirmation-mail.js';

export type ApplyOutcome =
  /** The customer stream now agrees with the event (it may have agreed already). */
  | 'applied'
  /** This event id was applied before. */
  | 'duplicate'
  /** Older than an event already applied to this customer. */
  | 'stale'
  /** No customer of ours: no customerId in the metadata, or the customer was erased. */
  | 'unmatched';

type ApplyBackend = Pick<Backend, 'store' | 'clock' | 'logger' | 'mailer' | 'config' | 'payments'>;

/** A SubscriptionStarted this application appended, with the customer it was appended for. */
interface Start {
  customer: Extract<CustomerState, { status: 'registered' }>;
  event: SubscriptionStarted;
}

/**
 * The one way provider state reaches the customer stream: Stripe webhooks, Stripe API answers, the
 * local provider's checkouts, portal actions and period ends all arrive here as `ProviderEvent`s.
 * The subscription commands go through the customer decider (and so the subscription machine);
 * the event is then recorded in the customer's payment ledger. A subscription that starts gets its
 * confirmation mail here, once: only the delivery whose append wrote the SubscriptionStarted sends it
 * (a replay, or a concurrent delivery that lost the race, decides no new events).
 */
export interface ApplyOptions {
  /**
   * The snapshot is the provider's state right now (an API answer, a local provider step), so it is
   * never older than what was applied: its time is lifted to the last applied event's when the
   * provider's clock runs behind ours.
   */
  current?: boolean;
  /**
   * Reads the subscription as the provider has it now. An event created in the same second as the
   * newest applied one (Stripe's times are whole seconds, and deliveries arrive in any order) then
   * applies that state rather than its own snapshot, so which of the two arrived last never decides.
   */
  currentSubscription?: (id: string, customerId: string | null) => Promise<ProviderSubscription | null>;
}

export const applyProviderEvent = async (
  backend: ApplyBackend,
  incoming: ProviderEvent,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> => {
  const starts: Start[] = [];
  try {
    return await applyToStreams(backend, incoming, options, starts);
  } finally {
    // Also when the ledger append fails: the subscription has started all the same, and a
    // redelivery finds the customer stream in agreement and starts nothing.
    for (const start of starts) await sendConfirmation(backend, start);
  }
};

const applyToStreams = async (
  backend: ApplyBackend,
  incoming: ProviderEvent,
  options: ApplyOptions,
  starts: Start[],
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
    if (!stale)
      starts.push(...(await syncCustomer(backend, customerId, await settled(ledger, event, options))));
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

/** The event, its snapshot replaced by the provider's state when it ties with the newest applied one. */
const settled = async (
  ledger: PaymentLedger,
  event: ProviderEvent,
  { currentSubscription }: ApplyOptions,
): Promise<ProviderEvent> => {
  if (!currentSubscription || !event.subscription || !sharesSecondWithApplied(ledger, event)) return event;
  const current = await currentSubscription(event.subscription.id, event.customerId);
  return current ? { ...event, subscription: current } : event;
};

/** Brings the customer stream to the event's state; answers the subscriptions it started. */
const syncCustomer = async (
  backend: ApplyBackend,
  customerId: string,
  event: ProviderEvent,
): Promise<Start[]> => {
  const starts: Start[] = [];
  const target = targetOf(event);
  if (!target) return starts;
  const customer = await loadCustomer(backend.store, customerId);
  if (customer.status !== 'registered') return starts;
  for (const command of subscriptionCommands(customer.subscription, target)) {
    try {
      const result = await runCustomerCommand(backend, customerId, command, { causationId: event.id });
      for (const decided of result.events)
        if (decided.type === 'SubscriptionStarted' && result.state.status === 'registered')
          starts.push({ customer: result.state, event: decided });
    } catch (error) {
      // The machine refuses a step (say, a plan change while overdue): the rest still applies.
      if (!isDomainError(error)) throw error;
      backend.logger.warn(
        { eventId: event.id, command: command.type, reason: error.message },
        'payment event step not applied',
      );
    }
  }
  return starts;
};

/** A mail failure never fails the payment; the log names the failure, not the address. */
const sendConfirmation = async (backend: ApplyBackend, { customer, event }: Start): Promise<void> => {
  const mail = subscriptionConfirmationMail(customer, event.data, {
    testPayment: backend.payments.kind === 'local',
    launchLink: `${backend.config.publicUrl}/launch-overview`,
  });
  try {
    await backend.mailer.send(mail);
  } catch (error) {
    backend.logger.error(
      {
        customerId: customer.customerId,
        errorName: (error as Error).name,
        errorCode: (error as { code?: unknown }).code,
      },
      'could not send the subscription confirmation mail',
    );
  }
};
