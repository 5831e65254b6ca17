import type { RequestHandler } from 'express';
import type { Backend } from '../backend.js';
import { createCustomerRateLimiter } from '../auth/rate-limits.js';

export const PRACTICE_WRITE_LIMIT_MESSAGE = 'Too many practice updates. Please wait a minute and try again.';

/**
 * One budget per customer for every practice write (schedule, self-rating, skills, level-up,
 * evaluations, usage, activity, timing takes, weekly goal, reminders, deleting the practice
 * history): a drummer's session writes a few a minute, a script thousands. Counted in the shared
 * rate_limits table under one name, so every route and every process of the host draws on the
 * same budget.
 */
export const practiceWriteLimit = (backend: Pick<Backend, 'rateLimits' | 'config'>): RequestHandler =>
  createCustomerRateLimiter({
    name: 'practice-write',
    windowMs: 60_000,
    limit: backend.config.practiceWritesPerMinute,
    counters: backend.rateLimits,
    message: PRACTICE_WRITE_LIMIT_MESSAGE,
  });
