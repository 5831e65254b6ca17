import {
  isDomainError,
  lessonCreditDecider,
  lessonCreditEventSchemaVersions,
  lessonCreditsStreamId,
  loadState,
  subscriptionOf,
  teacherDecider,
  teacherEventSchemaVersions,
  teacherStreamId,
  type LessonCreditState,
  type TeacherBooking,
  type TeacherLessonCancelReason,
} from '@stickwork/domain';
import {
  customerDirectoryProjection,
  lessonCreditsProjection,
  type CustomerDirectoryEntry,
} from '@stickwork/projections';
import { loadCustomer } from '../accounts/customer-records.js';
import {
  mailLessonParties,
  runCredits,
  runTeacher,
  teachers,
  type TeacherLessonsBackend,
} from './teacher-lessons.js';
import { startPeriodicSweep } from '../periodic-sweep.js';

/** The sweep mails too (a lesson of an ended plan): what the booking flow uses. */
export type BookingSweepBackend = TeacherLessonsBackend;

/** How often the server looks for booking processes cut short. */
export const BOOKING_SWEEP_MS = 60_000;

/**
 * One sweep of the booking process (`bookTeacherLesson`): every credit in use whose state disagrees
 * with the teacher schedules (held but not confirmed, or confirmed while its lesson is no longer
 * booked) is settled from the streams themselves: the teacher's stream is read and
 * `SettleLessonCredit` confirms the credit of a booked lesson, or returns a credit whose lesson is
 * not booked once it is `UNFINISHED_BOOKING_MINUTES` old (the decider's rule; the teacher decider
 * refuses a booking held longer than `BOOKING_HOLD_MINUTES`, so none can land after the return).
 * Appended with the credit stream's expected revision: two sweeps at once, or a sweep beside the
 * booking itself, record each step once. Returns the number of credits settled.
 */
export const settleTeacherBookings = async (backend: BookingSweepBackend): Promise<number> => {
  const bookedIds = new Set(
    teachers(backend).flatMap((teacher) => Object.values(teacher.bookings).map((b) => b.bookingId)),
  );
  let settled = 0;
  let position = -1;
  for (const { key: customerId, state } of backend.readModels.list<LessonCreditState | null>(
    lessonCreditsProjection.name,
  )) {
    for (const credit of Object.values(state?.used ?? {})) {
      // The read models only pick the candidates (a model written before `confirmed` lacks it).
      if (credit.confirmed === true && bookedIds.has(credit.bookingId)) continue;
      try {
        const teacher = await loadState(
          backend.store,
          teacherStreamId(credit.teacherId),
          teacherDecider,
          teacherEventSchemaVersions,
        );
        const booked =
          teacher.status === 'added' &&
          Object.values(teacher.bookings).some((booking) => booking.bookingId === credit.bookingId);
        const result = await runCredits(backend, customerId, {
          type: 'SettleLessonCredit',
          data: { bookingId: credit.bookingId, booked },
        });
        for (const event of result.events)
          backend.logger.info(
            { customerId, bookingId: credit.bookingId, event: event.type },
            'teacher booking settled',
          );
        if (result.position !== null) {
          settled += 1;
          position = Math.max(position, result.position);
        }
      } catch (error) {
        backend.logger.error({ err: error, customerId }, 'teacher booking settlement failed');
      }
    }
  }
  if (position >= 0) await backend.projections.waitFor(position);
  return settled;
};

/** What a sweep does with a future lesson it picked: the reason recorded, and who is told. */
interface LessonToCancel {
  reason: TeacherLessonCancelReason;
  /** Also return the lesson's credit (after the lesson, the process's order). */
  returnCredit: boolean;
  /** The customer is mailed too (not when their account is gone). */
  mailCustomer: boolean;
}

/**
 * Every future lesson `pick` chooses is cancelled on its teacher's stream (even within 24 hours),
 * its credit returned when asked, and both sides (or the teacher alone) mailed once all are
 * recorded. Each step is appended with its stream's expected revision, so a lesson cancelled
 * meanwhile (by the customer, an erasure or another sweep) is left alone and two sweeps record it
 * once. Returns the number of lessons cancelled.
 */
const cancelFutureLessons = async (
  backend: BookingSweepBackend,
  pick: (booking: TeacherBooking) => Promise<LessonToCancel | null>,
  /** Why, as the log says it. */
  why: string,
): Promise<number> => {
  const now = backend.clock().getTime();
  let cancelledCount = 0;
  let position = -1;
  const mails: (() => Promise<unknown>)[] = [];
  for (const teacher of teachers(backend))
    for (const booking of Object.values(teacher.bookings)) {
      if (Date.parse(booking.startsAt) <= now) continue;
      const { bookingId, customerId } = booking;
      try {
        const chosen = await pick(booking);
        if (chosen === null) continue;
        const cancelled = await runTeacher(backend, teacher.teacherId, {
          type: 'CancelTeacherLesson',
          data: { bookingId, customerId, reason: chosen.reason },
        });
        const returned = chosen.returnCredit
          ? await runCredits(backend, customerId, {
              type: 'ReturnLessonCredit',
              data: { bookingId, reason: 'plan_ended' },
            })
          : null;
        if (cancelled.position === null) continue;
        cancelledCount += 1;
        position = Math.max(position, cancelled.position, returned?.position ?? -1);
        backend.logger.info({ customerId, bookingId }, `teacher lesson cancelled: ${why}`);
        const customer = backend.readModels.get<CustomerDirectoryEntry>(
          customerDirectoryProjection.name,
          customerId,
        );
        mails.push(() =>
          mailLessonParties(
            backend,
            teacher,
            customerId,
            customer?.account.timeZone ?? teacher.timeZone,
            bookingId,
            new Date(booking.startsAt),
            'cancelled',
            chosen.mailCustomer ? ['customer', 'teacher'] : ['teacher'],
          ),
        );
      } catch (error) {
        // Cancelled meanwhile: the teacher's stream no longer has the booking.
        if (!isDomainError(error, 'not_found'))
          backend.logger.warn({ err: error, customerId, bookingId }, `teacher lesson (${why}) not cancelled`);
      }
    }
  if (position >= 0) await backend.projections.waitFor(position);
  for (const mail of mails) await mail();
  return cancelledCount;
};

const holdsCreditFor = (credits: LessonCreditState | null | undefined, bookingId: string) =>
  Object.values(credits?.used ?? {}).some((credit) => credit.bookingId === bookingId);

/**
 * The other side of the booking process: a future lesson on a teacher's stream whose customer holds
 * no credit for it. The process never leaves one (the lesson is booked while the credit is held, and
 * cancelled before the credit returns), unless the slot's append lands after the credit went back:
 * decided within the hold but committed minutes later, or on a host whose clock is minutes behind
 * the sweep's. No credit pays for such a lesson, so it is cancelled (`booking_unfinished`) and both
 * sides are told. The customer's credit stream decides, read after the teacher schedules. Returns
 * the number of lessons cancelled.
 */
export const cancelLessonsWithoutCredit = (backend: BookingSweepBackend): Promise<number> =>
  cancelFutureLessons(
    backend,
    async ({ bookingId, customerId }) => {
      // The read models only pick the candidates.
      const listed = backend.readModels.get<LessonCreditState>(lessonCreditsProjection.name, customerId);
      if (holdsCreditFor(listed, bookingId)) return null;
      const credits = await loadState(
        backend.store,
        lessonCreditsStreamId(customerId),
        lessonCreditDecider,
        lessonCreditEventSchemaVersions,
      );
      if (holdsCreditFor(credits, bookingId)) return null;
      const known = backend.readModels.get(customerDirectoryProjection.name, customerId) !== undefined;
      return { reason: 'booking_unfinished', returnCredit: false, mailCustomer: known };
    },
    'no credit is held for it',
  );

/**
 * The end of an Exclusive plan (cancelled at its period end, ended after failed payments, changed
 * to another tier): every future lesson of a customer no longer on Exclusive is cancelled (even
 * within 24 hours), its credit returned (`plan_ended`) and both sides mailed; a lesson of a
 * customer no longer in the directory (an erasure cut short) is cancelled and only the teacher
 * told. Returns the number of lessons cancelled.
 */
export const releaseLessonsOfEndedPlans = (backend: BookingSweepBackend): Promise<number> =>
  cancelFutureLessons(
    backend,
    async ({ customerId }) => {
      const customer = backend.readModels.get<CustomerDirectoryEntry>(
        customerDirectoryProjection.name,
        customerId,
      );
      if (customer?.plan === 'exclusive') return null;
      // The read models only pick the candidates: the customer's own stream decides.
      const account = await loadCustomer(backend.store, customerId);
      if (subscriptionOf(account).tier === 'exclusive') return null;
      const erased = account.status !== 'registered';
      return { reason: erased ? 'account_erased' : 'plan_ended', returnCredit: true, mailCustomer: !erased };
    },
    'the Exclusive plan ended',
  );

/**
 * Runs `settleTeacherBookings`, `cancelLessonsWithoutCredit` and `releaseLessonsOfEndedPlans` every minute, one sweep at a time,
 * without keeping the process alive. One process at a time runs it (the `sweeps` lease,
 * background-duties.ts); should two overlap while a lease changes hands, each step is appended with an
 * expected revision.
 */
export const startTeacherBookingSweep = (backend: BookingSweepBackend): (() => void) =>
  startPeriodicSweep(
    'teacher booking sweep',
    BOOKING_SWEEP_MS,
    async () => {
      await settleTeacherBookings(backend);
      await cancelLessonsWithoutCredit(backend);
      await releaseLessonsOfEndedPlans(backend);
    },
    backend.logger,
  );
