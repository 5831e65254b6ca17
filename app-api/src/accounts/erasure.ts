import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  erasureStreamId,
  type CustomerEvent,
  type LessonCreditEvent,
  type TeacherEvent,
  isDomainError,
  practiceStreamId,
  streamsFencedAtErasureStart,
  subscriptionOf,
  toEventsToAppend,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { runCustomerCommand, type CustomerCommandInput } from './customer-commands.js';
import { loadCustomer } from './customer-records.js';
import { newsletterNamesOf, reservationNamesOf } from './reservation-streams.js';
import { closeTeacherLessonsOf } from '../teacher-lessons/teacher-lessons.js';
import { runPracticeCommand } from '../practice/practice-commands.js';
import { emailKey } from '../auth/rate-limits.js';

type ErasureBackend = Pick<
  Backend,
  'store' | 'clock' | 'projections' | 'compactStore' | 'logger' | 'mailer' | 'readModels' | 'reservations'
> &
  Partial<Pick<Backend, 'rateLimits' | 'practiceSnapshots' | 'config' | 'scrubRowsOfStreams'>>;

/**
 * DELETE /api/delete/customer-data: the practice history (ratings, levels, sessions,
 * evaluations, activity) is reset by a `PracticeHistoryErased` marker the projections scrub
 * their read models on; today's usage survives it, so the daily limit cannot be reset this way.
 * The account itself stays.
 */
export const erasePracticeHistory = async (backend: ErasureBackend, customerId: string): Promise<void> => {
  await runPracticeCommand({ ...backend, snapshots: backend.practiceSnapshots }, customerId, {
    type: 'ErasePracticeHistory',
    data: {},
    metadata: { now: backend.clock() },
  });
};

/**
 * DELETE /api/delete/account (DESIGN.md "Erasure"): removes the customer for real.
 * 1. A running subscription is set to cancel at its period end, and the erasure is recorded.
 *    At once the `practice-` and `reminders-` streams are deleted for good (`tombstoneStream`,
 *    the streams of domain's registry `streamsFencedAtErasureStart`): the fence, so no write of the
 *    customer commits after it on any worker or host (the store refuses it: 410).
 * 2. An anonymous `CustomerErased { customerId, erasedAt }` goes to `erasure-<customerId>`, a
 *    stream that survives, so projections (now and on a rebuild) scrub their read models.
 *    Before it, teacher lessons are closed to the customer (`closeTeacherLessonsOf`): their
 *    `lesson-credits-` stream takes no credit any more, their future lessons are cancelled from
 *    the events and the teachers take no booking of theirs, so no booking under way survives.
 * 3. The `email-` (reservation: the email is free again) and newsletter streams are deleted, the
 *    `customer-` stream (personal data) deleted for good, and the outbox's mails to or about the
 *    customer (DATA_DIR/outbox; a teacher's copy of a lesson names them), and rate-limit counters. The `payments-`, `checkout-`
 *    and the closed `lesson-credits-` streams stay: they hold ids, prices, times and outcomes, no
 *    name or address (tests/integration/reliability/erasure-scan.int.spec.ts shows it).
 * 4. Once the projections have passed the marker, the store's files are compacted so no copy of
 *    the deleted bytes stays in SQLite's WAL or free pages.
 * Running it again for an erased customer does nothing. Answers the events it appended, in order
 * (what the operator CLI reports).
 */
export const eraseAccount = async (
  backend: ErasureBackend,
  customerId: string,
): Promise<(CustomerEvent | TeacherEvent | LessonCreditEvent)[]> => {
  const { store } = backend;
  const stream = customerStreamId(customerId);
  const appended: (CustomerEvent | TeacherEvent | LessonCreditEvent)[] = [];
  const run = async (command: CustomerCommandInput) => {
    const result = await runCustomerCommand(backend, customerId, command);
    appended.push(...result.events);
    return result;
  };

  let customer = await loadCustomer(store, customerId);
  if (customer.status !== 'registered') return appended;

  if (customer.subscription !== null && customer.subscription.cancelAt === null) {
    try {
      await run({ type: 'ScheduleCancellation', data: {} });
    } catch (error) {
      // A subscription the machine will not cancel (already ending) must not block an erasure.
      if (!isDomainError(error, 'invalid_transition')) throw error;
    }
  }
  customer = (await run({ type: 'RequestErasure', data: {} })).state;
  if (customer.status !== 'registered') return appended;

  // The fence (DESIGN.md "Erasure is a fence"): from here on, no practice or reminder write of the
  // customer commits on any worker or host; the store refuses it in the append itself (410). A write
  // that committed before it is in the log before the marker below, so the scrub covers it.
  for (const streamId of streamsFencedAtErasureStart(customerId)) await store.tombstoneStream(streamId);
  // The rows keyed by the customer's streams (snapshots, parked events: the `rows-of-streams` tables
  // of CUSTOMER_DATA_TABLES) go with the streams; each host does it again as it folds the erasure.
  backend.scrubRowsOfStreams?.(customerId);
  // The practice stream's decision state this process keeps in memory.
  await backend.practiceSnapshots?.forget(practiceStreamId(customerId));
  // The customer's own limits (`<limit>:customer:<id>`): dropped, and never counted again.
  await backend.rateLimits?.fenceCustomerKeys(customerId);

  // Teacher lessons first, so the read models are scrubbed after the last credit event.
  const onExclusive = subscriptionOf(customer).tier === 'exclusive';
  appended.push(...(await closeTeacherLessonsOf(backend, customerId, { onExclusive })));

  const now = backend.clock();
  const erased = customerDecider.decide({ type: 'EraseCustomer', data: {}, metadata: { now } }, customer);
  const { position } = await store.appendToStream(
    erasureStreamId(customerId),
    toEventsToAppend(erased, customerEventSchemaVersions, { time: now.toISOString() }),
    { expectedRevision: 'any' },
  );
  appended.push(...erased);

  // Everything found by the email first, the customer stream (whose key opens the email) last: an
  // erasure interrupted after that key is gone could no longer find them when run again.
  // The reservation by today's name, and by the older unkeyed one should one be left.
  for (const name of reservationNamesOf(backend.reservations, customer.email)) await store.deleteStream(name);
  // A newsletter confirmation keeps the address as proof of consent: it goes with the account.
  for (const name of newsletterNamesOf(backend.reservations, customer.email)) await store.deleteStream(name);
  // The outbox's copies of the customer's mails hold the address and the greeting's first name;
  // a teacher's copy of a lesson names them too.
  await backend.mailer.eraseMailsAbout(customer.email);
  // Login and mail counters are keyed by the email's digest: they go too.
  await backend.rateLimits?.forgetKeysContaining(emailKey(customer.email));
  // Last, once read: the personal data, deleted for good (no command writes it again).
  await store.tombstoneStream(stream);
  // The closed `lesson-credits-` stream stays (a deleted one could be started again by a booking
  // under way); like a booking on a teacher's stream, it keeps only the (now anonymous) id.

  if (!(await backend.projections.waitFor(position, 10_000)))
    backend.logger.warn({ customerId }, 'projections had not passed the erasure marker before compaction');
  backend.compactStore();
  backend.logger.info({ customerId }, 'customer erased');
  return appended;
};
