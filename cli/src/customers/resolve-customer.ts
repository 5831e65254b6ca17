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

const PAGE = 5000;

/** The ids of customers whose registration's name, email or id contains `needle` (any case). */
const searchRegistrations = async (store: EventStore, needle: string): Promise<string[]> => {
  const wanted = needle.toLowerCase();
  const found = new Set<string>();
  for (let after: number | undefined; ;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: PAGE });
    for (const event of page) {
      if (event.type !== 'CustomerRegistered') continue;
      const { customerId, firstname, lastname, email } = event.data as Record<string, unknown>;
      const texts = [`${String(firstname)} ${String(lastname)}`, String(email), String(customerId)];
      if (typeof customerId === 'string' && texts.some((text) => text.toLowerCase().includes(wanted)))
        found.add(customerId);
    }
    if (page.length < PAGE) return [...found];
    after = page.at(-1)!.position;
  }
};

/**
 * The customer id an operator typed: an email (through its reservation stream, so no read
 * model is needed and a read-only store will do), an id with any stream of its own, or else part
 * of one customer's name, email or id (as `customers --search` matches). Several matches are
 * refused with their ids, never with their names.
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
  const matches = typed === '' ? [] : await searchRegistrations(store, typed);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new CliError(
      `"${reference}" matches ${matches.length} customers (${matches.slice(0, 5).join(', ')}${matches.length > 5 ? ', ...' : ''}): name one by id or email, see stickwork customers --search "${typed}"`,
    );
  throw new CliError(`no customer matches "${reference}"`);
};
