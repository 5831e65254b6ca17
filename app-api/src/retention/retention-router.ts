import express, { type ErrorRequestHandler, type Request, type Response, type Router } from 'express';
import {
  domainErrorHttpStatus,
  isDomainError,
  reminderSettingsRequestSchema,
  subscriptionOf,
  teacherLessonRequestSchema,
  weeklyGoalRequestSchema,
  type TimeZone,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { authOf } from '../auth/require-auth.js';
import { pinnedTimeZoneOf, requireAuthAndTimeZone } from '../accounts/customer-time-zone.js';
import { validOr400 } from '../http/valid-or-400.js';
import { createCustomerRateLimiter } from '../auth/rate-limits.js';
import { practiceWriteLimit } from '../practice/practice-write-limit.js';
import { attachmentDisposition } from '../practice/content-disposition.js';
import { customerExportZip, exportFolderName } from './customer-export.js';
import {
  changeReminderSettings,
  reminderSettings,
  useUnsubscribeLink,
  type UnsubscribeLinkOutcome,
} from './practice-reminders.js';
import { UNSUBSCRIBE_COPY, UNSUBSCRIBE_STATUS, unsubscribePage } from './reminder-unsubscribe-page.js';
import { HttpError } from '../http/http-error.js';
import {
  bookTeacherLesson,
  cancelTeacherLesson,
  teacherLessonsUpsell,
  teacherLessonsView,
} from './teacher-lessons.js';
import { setWeeklyGoal, weeklyGoalView } from './weekly-goal-service.js';

/**
 * Keeping drummers coming back, mounted under /api. Login required (401 otherwise).
 *
 * | route | request | success |
 * |---|---|---|
 * | GET /goal | | 200 `{ today, timeZone, weeklyGoal: { daysPerWeek, weekStart, weekEnd, practiceDays, met, weeksMetInARow }, streak: { current, longest, freezesHeld, practiceDaysToNextFreeze, frozenDays } }` |
 * | PUT /goal | `{ daysPerWeek }` (whole 1-7) | 200 as GET /goal; 400 naming the field otherwise |
 * | GET /export | | 200 `application/zip`, "Download my data" (see customer-export.ts); 429 past 5 an hour |
 * | GET /reminders | | 200 `{ enabled, days, hour, timeZone }` (days: ISO weekdays 1-7; hour 0-23 in `timeZone`) |
 * | PUT /reminders | `{ enabled, days, hour }` | 200 as GET /reminders; 400 naming the field |
 * | GET /teacher-lessons | exclusive tier | 200 `{ timeZone, quartersUsed, teachers: [{ teacherId, name, slots: [{ startsAt, quarter, quarterUsed }] }], bookings: [{ bookingId, teacherId, teacherName, startsAt, cancellable }] }`; 403 `{ message, upsell }` for other tiers |
 * | POST /teacher-lessons | `{ teacherId, startsAt }` | 201 `{ bookingId, teacherId, teacherName, startsAt, quarter }`; 400 past, beyond the 8 weeks offered, after a scheduled end of the plan, or not offered; 404 unknown teacher, 409 slot taken or quarter used; 429 past 20 bookings and cancellations a day |
 * | DELETE /teacher-lessons/:bookingId | | 200 as GET; 409 within 24 h of the start, 404 unknown booking; 429 as POST |
 * | GET /reminders/unsubscribe?secret= | no login: the signed link of a reminder mail | 200 an HTML page with a button that POSTs the link (changes nothing); 410 a page for a link older than 90 days or from before a new opt-in; 400 for a bad link |
 * | POST /reminders/unsubscribe?secret= | the page's button, or a mail program's RFC 8058 one-click | 200 reminders off: `{ message }` (an HTML page for a browser); 410, 400 as GET |
 *
 * Days are the customer's, in their pinned time zone (the zone practice activity is recorded in).
 */
export const retentionRouter = (backend: Backend): Router => {
  const router = express.Router();
  const authenticated = requireAuthAndTimeZone(backend);
  const writes = [authenticated, practiceWriteLimit(backend)];

  router.get('/goal', authenticated, (_req, res) => {
    res.json(weeklyGoalView(backend, authOf(res).customerId, pinnedTimeZoneOf(res)));
  });

  router.put('/goal', ...writes, async (req, res) => {
    const { daysPerWeek } = validOr400(weeklyGoalRequestSchema, req.body);
    const { customerId } = authOf(res);
    await setWeeklyGoal(backend, customerId, daysPerWeek, pinnedTimeZoneOf(res));
    res.json(weeklyGoalView(backend, customerId, pinnedTimeZoneOf(res)));
  });

  // An export reads every event of the customer: a few an hour is plenty for a person, and the
  // counters are shared by the host's processes (the rate_limits table).
  const exportLimit = createCustomerRateLimiter({
    name: 'export',
    windowMs: 60 * 60_000,
    limit: EXPORTS_PER_HOUR,
    counters: backend.rateLimits,
    message: EXPORT_LIMIT_MESSAGE,
  });

  router.get('/export', authenticated, exportLimit, async (_req, res) => {
    const zip = await customerExportZip(backend, authOf(res).customerId);
    res
      .status(200)
      .type('application/zip')
      .setHeader('content-disposition', attachmentDisposition(`${exportFolderName(backend.clock())}.zip`))
      .send(Buffer.from(zip));
  });

  const remindersView = (customerId: string, timeZone: TimeZone) => ({
    ...reminderSettings(backend, customerId),
    timeZone,
  });

  router.get('/reminders', authenticated, (_req, res) => {
    res.json(remindersView(authOf(res).customerId, pinnedTimeZoneOf(res)));
  });

  router.put('/reminders', ...writes, async (req, res) => {
    const settings = validOr400(reminderSettingsRequestSchema, req.body);
    const { customerId } = authOf(res);
    await changeReminderSettings(backend, customerId, settings);
    res.json(remindersView(customerId, pinnedTimeZoneOf(res)));
  });

  // No login: the link of a reminder mail. A GET only shows the page (mail scanners follow links);
  // its button, or a mail program's RFC 8058 one-click, POSTs the same link.
  const unsubscribeAnswer = (req: Request, res: Response, outcome: UnsubscribeLinkOutcome) => {
    res.status(UNSUBSCRIBE_STATUS[outcome]);
    if (req.method === 'GET' || req.accepts(['json', 'html']) === 'html')
      res.type('html').send(unsubscribePage(outcome, req.originalUrl));
    else res.json({ message: UNSUBSCRIBE_COPY[outcome].text });
  };
  router.get('/reminders/unsubscribe', async (req, res) => {
    unsubscribeAnswer(req, res, await useUnsubscribeLink(backend, req.query.secret, 'show'));
  });
  router.post('/reminders/unsubscribe', async (req, res) => {
    unsubscribeAnswer(req, res, await useUnsubscribeLink(backend, req.query.secret, 'stop'));
  });
  router.all('/reminders/unsubscribe', (_req, res) => {
    res.status(405).json({ message: 'Method not allowed' });
  });

  /** Teacher lessons are the exclusive tier's: the other tiers get a 403 with what it adds. */
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

/** A refusal of a decider is a 4xx with its message for the customer. */
const domainErrorsAsHttp: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  if (isDomainError(error)) next(new HttpError(domainErrorHttpStatus[error.code], error.message));
  else next(error);
};

export const INVALID_UNSUBSCRIBE_LINK = UNSUBSCRIBE_COPY.invalid.text;

export const EXPORTS_PER_HOUR = 5;
export const TEACHER_LESSON_CHANGES_PER_DAY = 20;
export const TEACHER_LESSON_LIMIT_MESSAGE =
  'You can book or cancel teacher lessons 20 times a day. Please try again tomorrow.';
export const EXPORT_LIMIT_MESSAGE =
  'You can download your data 5 times an hour. Please try again in an hour.';
