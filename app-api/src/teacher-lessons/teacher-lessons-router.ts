import express, { type Response, type Router } from 'express';
import { subscriptionOf, teacherLessonRequestSchema } from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { authOf } from '../auth/require-auth.js';
import { pinnedTimeZoneOf, requireAuthAndTimeZone } from '../accounts/customer-time-zone.js';
import { validOr400 } from '../http/valid-or-400.js';
import { domainErrorsAsHttp } from '../http/domain-errors-as-http.js';
import { createCustomerRateLimiter } from '../auth/rate-limits.js';
import {
  bookTeacherLesson,
  cancelTeacherLesson,
  teacherLessonsUpsell,
  teacherLessonsView,
} from './teacher-lessons.js';

export const TEACHER_LESSON_CHANGES_PER_DAY = 20;
export const TEACHER_LESSON_LIMIT_MESSAGE =
  'You can book or cancel teacher lessons 20 times a day. Please try again tomorrow.';

/**
 * Lessons with a teacher, the exclusive tier's, mounted under /api. Login required (401 otherwise).
 *
 * | route | request | success |
 * |---|---|---|
 * | GET /teacher-lessons | exclusive tier | 200 `{ timeZone, quartersUsed, teachers: [{ teacherId, name, slots: [{ startsAt, quarter, quarterUsed, night }] }], bookings: [{ bookingId, teacherId, teacherName, startsAt, meetingLink, cancellable }] }` (`night`: the lesson runs outside 07:00-22:00 of the customer's zone; `meetingLink`: the teacher's, null while none is set); 403 `{ message, upsell }` for other tiers |
 * | POST /teacher-lessons | `{ teacherId, startsAt }` | 201 `{ bookingId, teacherId, teacherName, startsAt, quarter }`; 400 past, beyond the 8 weeks offered, after a scheduled end of the plan, or not offered; 404 unknown teacher, 409 slot taken or quarter used |
 * | DELETE /teacher-lessons/:bookingId | | 200 as GET; 409 within 24 h of the start, 404 unknown booking |
 *
 * Times are shown in the customer's pinned time zone.
 */
export const teacherLessonsRouter = (backend: Backend): Router => {
  const router = express.Router();
  const authenticated = requireAuthAndTimeZone(backend);

  /** The other tiers get a 403 with what Exclusive adds. */
  const exclusiveOnly = (res: Response): boolean => {
    if (subscriptionOf(authOf(res).customer).tier === 'exclusive') return true;
    res.status(403).json(teacherLessonsUpsell());
    return false;
  };

  /** A scheduled cancellation ends Exclusive at its date: lessons only before it. */
  const exclusiveUntilOf = (res: Response): Date | null => {
    const cancelAt = authOf(res).customer.subscription?.cancelAt;
    return cancelAt ? new Date(cancelAt) : null;
  };

  router.get('/teacher-lessons', authenticated, (_req, res) => {
    if (!exclusiveOnly(res)) return;
    res.json(
      teacherLessonsView(backend, authOf(res).customerId, pinnedTimeZoneOf(res), exclusiveUntilOf(res)),
    );
  });

  // Each booking and cancellation mails the teacher: booked and cancelled in a loop, they would fill
  // the teacher's inbox. A drummer books a lesson a quarter and seldom changes it.
  const teacherLessonChanges = createCustomerRateLimiter({
    name: 'teacher-lesson-change',
    windowMs: 24 * 60 * 60_000,
    limit: TEACHER_LESSON_CHANGES_PER_DAY,
    counters: backend.rateLimits,
    message: TEACHER_LESSON_LIMIT_MESSAGE,
  });

  router.post('/teacher-lessons', authenticated, teacherLessonChanges, async (req, res) => {
    if (!exclusiveOnly(res)) return;
    const request = validOr400(teacherLessonRequestSchema, req.body);
    const { customerId } = authOf(res);
    res
      .status(201)
      .json(
        await bookTeacherLesson(backend, customerId, request, pinnedTimeZoneOf(res), exclusiveUntilOf(res)),
      );
  });

  router.delete('/teacher-lessons/:bookingId', authenticated, teacherLessonChanges, async (req, res) => {
    if (!exclusiveOnly(res)) return;
    const { customerId } = authOf(res);
    await cancelTeacherLesson(backend, customerId, String(req.params.bookingId), pinnedTimeZoneOf(res));
    res.json(teacherLessonsView(backend, customerId, pinnedTimeZoneOf(res), exclusiveUntilOf(res)));
  });

  router.use(domainErrorsAsHttp);
  return router;
};
