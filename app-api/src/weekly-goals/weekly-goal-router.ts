import express, { type Router } from 'express';
import { weeklyGoalRequestSchema } from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { authOf } from '../auth/require-auth.js';
import { pinnedTimeZoneOf, requireAuthAndTimeZone } from '../accounts/customer-time-zone.js';
import { validOr400 } from '../http/valid-or-400.js';
import { domainErrorsAsHttp } from '../http/domain-errors-as-http.js';
import { practiceWriteLimit } from '../practice/practice-write-limit.js';
import { setWeeklyGoal, weeklyGoalView } from './weekly-goal-service.js';

/**
 * The weekly goal, mounted under /api. Login required (401 otherwise).
 *
 * | route | request | success |
 * |---|---|---|
 * | GET /goal | | 200 `{ today, timeZone, weeklyGoal: { daysPerWeek, weekStart, weekEnd, practiceDays, met, weeksMetInARow }, streak: { current, longest, freezesHeld, practiceDaysToNextFreeze, frozenDays } }` |
 * | PUT /goal | `{ daysPerWeek }` (whole 1-7) | 200 as GET /goal; 400 naming the field otherwise |
 *
 * Days are the customer's, in their pinned time zone (the zone practice activity is recorded in).
 */
export const weeklyGoalRouter = (backend: Backend): Router => {
  const router = express.Router();
  const authenticated = requireAuthAndTimeZone(backend);

  router.get('/goal', authenticated, (_req, res) => {
    res.json(weeklyGoalView(backend, authOf(res).customerId, pinnedTimeZoneOf(res)));
  });

  router.put('/goal', authenticated, practiceWriteLimit(backend), async (req, res) => {
    const { daysPerWeek } = validOr400(weeklyGoalRequestSchema, req.body);
    const { customerId } = authOf(res);
    await setWeeklyGoal(backend, customerId, daysPerWeek, pinnedTimeZoneOf(res));
    res.json(weeklyGoalView(backend, customerId, pinnedTimeZoneOf(res)));
  });

  router.use(domainErrorsAsHttp);
  return router;
};
