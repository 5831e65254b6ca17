import { reservationNamesOf, type ReservationStreams } from '@stickwork/app-api/stores';
import {
  customerStreamId,
  erasureStreamId,
  lessonCreditsStreamId,
  practiceStreamId,
  remindersStreamId,
  type EventStore,
} from '@stickwork/domain';
import { CliError } from '../context.js';

/**
 * Every stream that belongs to a customer. `payments-<id>` is the payment provider's ledger
 * (app-api's payments), named here to keep the CLI off app-api's internals.
 */
export const customerStreams = (customerId: string): string[] => [
  customerStreamId(customerId),
  practiceStreamId(customerId),
  `payments-${customerId}`,
  erasureStreamId(customerId),
  remindersStreamId(customerId),
  lessonCreditsStreamId(customerId),
];

/**
 * The customer id an operator typed: an email (through its reservation stream, so no read
 * model is needed and a read-only store will do) or an id with any stream of its own.
 */
export const resolveCustomer = async (
  { store, reservations }: { store: EventStore; reservations: ReservationStreams },
  reference: string,
): Promise<string> => {
  const typed = reference.trim();
  if (typed.includes('@')) {
    // Today's name, then the unkeyed one a store keeps until the server next starts on it.
    for (const stream of reservationNamesOf(reservations, typed)) {
      const [reservation] = await store.readStream(stream, { maxCount: 1 });
      const customerId = (reservation?.data as { customerId?: unknown } | undefined)?.customerId;
      if (typeof customerId === 'string') return customerId;
    }
  } else if (typed !== '') {
    for (const stream of customerStreams(typed))
      if ((await store.readStream(stream, { maxCount: 1 })).length > 0) return typed;
  }
  throw new CliError(`no customer matches "${reference}"`);
};
