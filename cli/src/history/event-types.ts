import {
  customerEventSchemaVersions,
  emailReservationEventSchemaVersions,
  practiceEventSchemaVersions,
} from '@stickwork/domain';

/** The payment ledger's events (app-api's `payments-<customerId>` stream). */
const PAYMENT_LEDGER_TYPES = ['ProviderEventApplied', 'ProviderEventSkipped'];

/** Every event type the store's streams can hold, sorted: what `--type` accepts. */
export const knownEventTypes = (alsoSeen: Iterable<string> = []): string[] =>
  [
    ...new Set([
      ...Object.keys(customerEventSchemaVersions),
      ...Object.keys(practiceEventSchemaVersions),
      ...Object.keys(emailReservationEventSchemaVersions),
      ...PAYMENT_LEDGER_TYPES,
      ...alsoSeen,
    ]),
  ].sort();
