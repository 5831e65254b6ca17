import {
  loadState,
  subscriptionOf,
  teacherDecider,
  teacherEventSchemaVersions,
  teacherStreamId,
  type LessonCreditState,
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

/**
 * The end of an Exclusive plan (cancelled at its period end, ended after failed payments, changed
 * to another tier): every future lesson of a customer no longer on Exclusive is cancelled (even
 * within 24 hours), its credit returned (`plan_ended`) and both sides mailed; a lesson of a
 * customer no longer in the directory (an erasure cut short) is cancelled and only the teacher
 * told. Each step is appended with its stream's expected revision, so two sweeps record it once.
 * Returns the number of lessons cancelled.
 */
export const releaseLessonsOfEndedPlans = async (backend: BookingSweepBackend): Promise<number> => {
  const now = backend.clock().getTime();
  let released = 0;
  let position = -1;
  const mails: (() => Promise<unknown>)[] = [];
  for (const teacher of teachers(backend))
    for (const booking of Object.values(teacher.bookings)) {
      if (Date.parse(booking.startsAt) <= now) continue;
      const customer = backend.readModels.get<CustomerDirectoryEntry>(
        customerDirectoryProjection.name,
        booking.customerId,
      );
      if (customer?.plan === 'exclusive') continue;
      try {
        // The read models only pick the candidates: the customer's own stream decides.
        const account = await loadCustomer(backend.store, booking.customerId);
        if (subscriptionOf(account).tier === 'exclusive') continue;
        const erased = account.status !== 'registered';
        const cancelled = await runTeacher(backend, teacher.teacherId, {
          type: 'CancelTeacherLesson',
          data: {
            bookingId: booking.bookingId,
            customerId: booking.customerId,
            reason: erased ? 'account_erased' : 'plan_ended',
          },
        });
        const returned = await runCredits(backend, booking.customerId, {
          type: 'ReturnLessonCredit',
          data: { bookingId: booking.bookingId, reason: 'plan_ended' },
        });
        if (cancelled.position === null) continue;
        released += 1;
        position = Math.max(position, cancelled.position, returned.position ?? -1);
        backend.logger.info(
          { customerId: booking.customerId, bookingId: booking.bookingId },
          'teacher lesson cancelled: the Exclusive plan ended',
        );
        mails.push(() =>
          mailLessonParties(
            backend,
            teacher,
            booking.customerId,
            customer?.account.timeZone ?? teacher.timeZone,
            booking.bookingId,
            new Date(booking.startsAt),
            'cancelled',
            erased ? ['teacher'] : ['customer', 'teacher'],
          ),
        );
      } catch (error) {
        // Cancelled meanwhile (by the customer, another sweep or an erasure): nothing left to do.
        backend.logger.warn(
          { err: error, customerId: booking.customerId, bookingId: booking.bookingId },
          'teacher lesson of an ended plan not cancelled',
        );
      }
    }
  if (position >= 0) await backend.projections.waitFor(position);
  for (const mail of mails) await mail();
  return released;
};

/**
 * Runs `settleTeacherBookings` and `releaseLessonsOfEndedPlans` every minute, one sweep at a time,
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
      await releaseLessonsOfEndedPlans(backend);
    },
    backend.logger,
  );
