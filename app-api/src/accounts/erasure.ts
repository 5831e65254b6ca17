import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  erasureStreamId,
  type CustomerEvent,
  type TeacherEvent,
  isDomainError,
  practiceStreamId,
  remindersStreamId,
  lessonCreditsStreamId,
  toEventsToAppend,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { runCustomerCommand, type CustomerCommandInput } from './customer-commands.js';
import { loadCustomer } from './customer-records.js';
import { newsletterNamesOf, reservationNamesOf } from './reservation-streams.js';
import { releaseTeacherLessonsOf } from '../retention/teacher-lessons.js';
import { runPracticeCommand } from '../practice/practice-commands.js';
import { emailKey } from '../auth/rate-limits.js';

type ErasureBackend = Pick<
  Backend,
  'store' | 'clock' | 'projections' | 'compactStore' | 'logger' | 'mailer' | 'readModels' | 'reservations'
> &
  Partial<Pick<Backend, 'rateLimits' | 'practiceSnapshots' | 'config'>>;

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
 * 2. An anonymous `CustomerErased { customerId, erasedAt }` goes to `erasure-<customerId>`, a
 *    stream that survives, so projections (now and on a rebuild) scrub their read models.
 * 3. The `customer-` (personal data), `email-` (reservation: the email is free again) and
 *    `practice-` streams are deleted, and the outbox's mails to the customer (DATA_DIR/outbox).
 *    The `payments-` and `checkout-` streams stay: they hold ids, prices and outcomes, no name
 *    or address (tests/integration/reliability/erasure-scan.int.spec.ts shows it).
 * 4. Once the projections have passed the marker, the store's files are compacted so no copy of
 *    the deleted bytes stays in SQLite's WAL or free pages.
 * Running it again for an erased customer does nothing. Answers the events it appended, in order
 * (what the operator CLI reports).
 */
export const eraseAccount = async (
  backend: ErasureBackend,
  customerId: string,
): Promise<(CustomerEvent | TeacherEvent)[]> => {
  const { store } = backend;
  const stream = customerStreamId(customerId);
  const appended: (CustomerEvent | TeacherEvent)[] = [];
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

  const now = backend.clock();
  const erased = customerDecider.decide({ type: 'EraseCustomer', data: {}, metadata: { now } }, customer);
  const { position } = await store.appendToStream(
    erasureStreamId(customerId),
    toEventsToAppend(erased, customerEventSchemaVersions, { time: now.toISOString() }),
    { expectedRevision: 'any' },
  );
  appended.push(...erased);

  // Their booked teacher lessons (issue 17) are cancelled first, so the slots are free again.
  appended.push(...(await releaseTeacherLessonsOf(backend, customerId)));
  await store.deleteStream(stream);
  // The reservation by today's name, and by the unkeyed one of before issue 25 should one be left.
  for (const name of reservationNamesOf(backend.reservations, customer.email)) await store.deleteStream(name);
  await store.deleteStream(practiceStreamId(customerId));
  // The practice stream's decision-state snapshot (memory and its table row) goes with the stream.
  await backend.practiceSnapshots?.forget(practiceStreamId(customerId));
  // Practice reminders (issue 17): settings and the days reminded, nothing personal, but the customer's.
  await store.deleteStream(remindersStreamId(customerId));
  // Teacher-lesson credits (issue 17). A booking on a teacher's stream keeps only the (now anonymous) id.
  await store.deleteStream(lessonCreditsStreamId(customerId));
  // A newsletter confirmation keeps the address as proof of consent: it goes with the account.
  for (const name of newsletterNamesOf(backend.reservations, customer.email)) await store.deleteStream(name);
  // The outbox's copies of the customer's mails hold the address and the greeting's first name.
  await backend.mailer.eraseMailsTo(customer.email);
  // Login and mail counters are keyed by the email's digest: they go too.
  backend.rateLimits?.forgetKeysContaining(emailKey(customer.email));

  if (!(await backend.projections.waitFor(position, 10_000)))
    backend.logger.warn({ customerId }, 'projections had not passed the erasure marker before compaction');
  backend.compactStore();
  backend.logger.info({ customerId }, 'customer erased');
  return appended;
};
