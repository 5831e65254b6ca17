import {
  loadState,
  teacherDecider,
  teacherEventSchemaVersions,
  teacherStreamId,
  type LessonCreditState,
} from '@stickwork/domain';
import { lessonCreditsProjection } from '@stickwork/projections';
import type { Backend } from '../backend.js';
import { runCredits, teachers } from './teacher-lessons.js';

export type BookingSweepBackend = Pick<Backend, 'store' | 'readModels' | 'projections' | 'clock' | 'logger'>;

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
 * Runs `settleTeacherBookings` a minute after the previous sweep ended (so one at a time), without
 * keeping the process alive; every process serving the store may run it (each step is appended
 * with an expected revision).
 */
export const startTeacherBookingSweep = (backend: BookingSweepBackend): (() => void) => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      settleTeacherBookings(backend)
        .catch((error: unknown) => backend.logger.warn({ err: error }, 'teacher booking sweep failed'))
        .finally(next);
    }, BOOKING_SWEEP_MS).unref();
  };
  next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};
