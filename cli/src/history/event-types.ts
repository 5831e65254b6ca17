import {
  customerEventSchemaVersions,
  emailReservationEventSchemaVersions,
  lessonCreditEventSchemaVersions,
  newsletterEventSchemaVersions,
  practiceEventSchemaVersions,
  reminderEventSchemaVersions,
  teacherEventSchemaVersions,
} from '@stickwork/domain';
import { UsageError } from '../errors.js';

/**
 * Events app-api writes outside the domain's streams: the payment ledger (`payments-<customerId>`)
 * and the local payment provider's checkout sessions (`checkout-<sessionId>`).
 */
const APP_API_TYPES = [
  'ProviderEventApplied',
  'ProviderEventSkipped',
  'TestCheckoutSessionCreated',
  'TestCheckoutSessionCompleted',
];

/** Every event type the store's streams can hold, sorted: what `--type` accepts. */
export const knownEventTypes = (alsoSeen: Iterable<string> = []): string[] =>
  [
    ...new Set([
      ...Object.keys(customerEventSchemaVersions),
      ...Object.keys(practiceEventSchemaVersions),
      ...Object.keys(emailReservationEventSchemaVersions),
      ...Object.keys(reminderEventSchemaVersions),
      ...Object.keys(teacherEventSchemaVersions),
      ...Object.keys(lessonCreditEventSchemaVersions),
      ...Object.keys(newsletterEventSchemaVersions),
      ...APP_API_TYPES,
      ...alsoSeen,
    ]),
  ].sort();

/** `--type` names only types the store can hold: a typo is refused with the list, not answered "(no events)". */
export const checkTypes = (types: readonly string[], seen: Iterable<string>) => {
  const known = knownEventTypes(seen);
  const unknown = types.filter((type) => !known.includes(type));
  if (unknown.length > 0)
    throw new UsageError(
      `invalid --type: unknown event type ${unknown.map((type) => `"${type}"`).join(', ')}; known types: ${known.join(', ')}`,
    );
};
