import { toDomainEvents, toEventsToAppend, type DomainEvent, type EventStore } from '@stickwork/domain';
import type { ProviderEvent } from '../adapters/payments/payment-provider.js';

/**
 * `payments-<customerId>`: which provider events reached a customer, in order. It makes each event
 * id apply once (a replayed webhook is acknowledged and changes nothing) and keeps the time of the
 * newest applied event, so an older event arriving late changes nothing either. One stream per
 * customer, appended with the revision it was read at, so two deliveries racing cannot both count.
 * It holds no personal data (event ids, types, times, provider ids).
 */
export const paymentLedgerStreamId = (customerId: string): string => `payments-${customerId}`;

type ProviderEventApplied = DomainEvent<
  'ProviderEventApplied',
  {
    eventId: string;
    eventType: string;
    /** The provider's time of the event. */
    created: string;
    subscriptionId: string | null;
    providerCustomerId: string | null;
  }
>;
/** An event older than the newest applied one: acknowledged, not applied. */
type ProviderEventSkipped = DomainEvent<
  'ProviderEventSkipped',
  { eventId: string; eventType: string; created: string; reason: 'older_than_applied' }
>;
type LedgerEvent = ProviderEventApplied | ProviderEventSkipped;
const ledgerSchemaVersions: Record<LedgerEvent['type'], number> = {
  ProviderEventApplied: 1,
  ProviderEventSkipped: 1,
};

export interface PaymentLedger {
  seenEventIds: ReadonlySet<string>;
  /** The newest applied event's time (ISO); null before the first. */
  lastAppliedAt: string | null;
  /** The provider's customer (Stripe cus_...), kept after a subscription ends for the portal. */
  providerCustomerId: string | null;
  revision: number | 'no_stream';
}

export const loadPaymentLedger = async (store: EventStore, customerId: string): Promise<PaymentLedger> => {
  const recorded = await store.readStream(paymentLedgerStreamId(customerId));
  const seen = new Set<string>();
  let lastAppliedAt: string | null = null;
  let providerCustomerId: string | null = null;
  for (const event of toDomainEvents<LedgerEvent>(recorded, ledgerSchemaVersions)) {
    seen.add(event.data.eventId);
    if (event.type !== 'ProviderEventApplied') continue;
    if (lastAppliedAt === null || Date.parse(event.data.created) > Date.parse(lastAppliedAt))
      lastAppliedAt = event.data.created;
    providerCustomerId = event.data.providerCustomerId ?? providerCustomerId;
  }
  return {
    seenEventIds: seen,
    lastAppliedAt,
    providerCustomerId,
    revision: recorded.length > 0 ? recorded[recorded.length - 1]!.revision : 'no_stream',
  };
};

/** Older than the newest applied event; the same second (Stripe's resolution) still applies. */
export const isOlderThanApplied = (ledger: PaymentLedger, event: Pick<ProviderEvent, 'created'>): boolean =>
  ledger.lastAppliedAt !== null && Date.parse(event.created) < Date.parse(ledger.lastAppliedAt);

/** Created in the same second as the newest applied event: their order is not the provider's to tell. */
export const sharesSecondWithApplied = (
  ledger: PaymentLedger,
  event: Pick<ProviderEvent, 'created'>,
): boolean =>
  ledger.lastAppliedAt !== null &&
  Math.floor(Date.parse(event.created) / 1000) === Math.floor(Date.parse(ledger.lastAppliedAt) / 1000);

export const recordInLedger = (
  store: EventStore,
  customerId: string,
  ledger: PaymentLedger,
  event: ProviderEvent,
  outcome: 'applied' | 'skipped',
  now: Date,
) => {
  const recorded: LedgerEvent =
    outcome === 'applied'
      ? {
          type: 'ProviderEventApplied',
          data: {
            eventId: event.id,
            eventType: event.type,
            created: event.created,
            subscriptionId: event.subscription?.id ?? null,
            providerCustomerId: event.subscription?.providerCustomerId ?? null,
          },
        }
      : {
          type: 'ProviderEventSkipped',
          data: {
            eventId: event.id,
            eventType: event.type,
            created: event.created,
            reason: 'older_than_applied',
          },
        };
  return store.appendToStream(
    paymentLedgerStreamId(customerId),
    toEventsToAppend([recorded], ledgerSchemaVersions, { time: now.toISOString(), causationId: event.id }),
    { expectedRevision: ledger.revision },
  );
};
