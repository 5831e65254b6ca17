import { practiceStreamId } from '../practice/practice-events.js';
import { remindersStreamId } from '../reminders/reminder-events.js';

/**
 * What an erasure does with a stream category:
 * - `tombstoned`: deleted for good at the erasure's start (its fence: the store refuses every later
 *   append to it, on every worker and host), or, for `customer-`, once the erasure has read it;
 * - `closed`: kept, holding ids, times and outcomes only; its decider takes nothing after the erasure;
 * - `kept`: kept, anonymous (ids, prices, times), e.g. the payments a bookkeeper must keep;
 * - `record`: the erasure's own record (`CustomerErased`), which outlives everything else.
 */
export type CustomerStreamErasure = 'tombstoned' | 'closed' | 'kept' | 'record';

/**
 * THE registry of a customer's streams (`<category>-<customerId>`; DESIGN.md "Erasure is a fence");
 * their tables are projections/src/customer-tables.ts's.
 * A new stream category whose id is a customer's goes here, or the registry test (app-api
 * customer-data-registry.unit.spec.ts, which finds every `<category>-${...}` the code builds) fails.
 */
export const CUSTOMER_STREAM_CATEGORIES = {
  customer: 'tombstoned',
  practice: 'tombstoned',
  reminders: 'tombstoned',
  'lesson-credits': 'closed',
  payments: 'kept',
  erasure: 'record',
} as const satisfies Record<string, CustomerStreamErasure>;

/**
 * Categories whose id is NOT a customer's, with what names them instead. `email-` and `newsletter-`
 * (keyed digests of an address) are deleted by an erasure through the address; they may be written
 * again, so they are never tombstoned.
 */
export const OTHER_STREAM_CATEGORIES = {
  email: 'a keyed digest of an address',
  newsletter: 'a keyed digest of an address',
  teacher: "a teacher's id (bookings name customers by id; an erasure cancels theirs)",
  checkout: "a checkout session's id",
} as const;

/**
 * The streams an erasure fences at its start, in order: the customer's own writes (practice,
 * reminders) are refused from then on. `customer-` is tombstoned last, once the erasure has read it.
 */
export const streamsFencedAtErasureStart = (customerId: string): string[] => [
  practiceStreamId(customerId),
  remindersStreamId(customerId),
];
