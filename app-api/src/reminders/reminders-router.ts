import express, { type Request, type Response, type Router } from 'express';
import { reminderSettingsRequestSchema, type TimeZone } from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { authOf } from '../auth/require-auth.js';
import { pinnedTimeZoneOf, requireAuthAndTimeZone } from '../accounts/customer-time-zone.js';
import { validOr400 } from '../http/valid-or-400.js';
import { domainErrorsAsHttp } from '../http/domain-errors-as-http.js';
import { practiceWriteLimit } from '../practice/practice-write-limit.js';
import {
  changeReminderSettings,
  reminderSettings,
  useUnsubscribeLink,
  type UnsubscribeLinkOutcome,
} from './practice-reminders.js';
import { UNSUBSCRIBE_COPY, UNSUBSCRIBE_STATUS, unsubscribePage } from './reminder-unsubscribe-page.js';

export const INVALID_UNSUBSCRIBE_LINK = UNSUBSCRIBE_COPY.invalid.text;

/**
 * Practice reminders, mounted under /api. Login required (401 otherwise), but for the unsubscribe link.
 *
 * | route | request | success |
 * |---|---|---|
 * | GET /reminders | | 200 `{ enabled, days, hour, timeZone }` (days: ISO weekdays 1-7; hour 0-23 in `timeZone`) |
 * | PUT /reminders | `{ enabled, days, hour }` | 200 as GET /reminders; 400 naming the field |
 * | GET /reminders/unsubscribe?secret= | no login: the signed link of a reminder mail | 200 an HTML page with a button that POSTs the link (changes nothing); 410 a page for a link older than 90 days or from before a new opt-in; 400 for a bad link |
 * | POST /reminders/unsubscribe?secret= | the page's button, or a mail program's RFC 8058 one-click | 200 reminders off: `{ message }` (an HTML page for a browser); 410, 400 as GET |
 *
 * The hour is the customer's, in their pinned time zone (the zone practice activity is recorded in).
 */
export const remindersRouter = (backend: Backend): Router => {
  const router = express.Router();
  const authenticated = requireAuthAndTimeZone(backend);

  const remindersView = (customerId: string, timeZone: TimeZone) => ({
    ...reminderSettings(backend, customerId),
    timeZone,
  });

  router.get('/reminders', authenticated, (_req, res) => {
    res.json(remindersView(authOf(res).customerId, pinnedTimeZoneOf(res)));
  });

  router.put('/reminders', authenticated, practiceWriteLimit(backend), async (req, res) => {
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

  router.use(domainErrorsAsHttp);
  return router;
};
