import type { z } from 'zod';
import { MAX_WEEKLY_GOAL, MIN_WEEKLY_GOAL } from '../progress/weekly-goal.js';
import { integerField, objectOf } from './fields.js';
import { VALIDATION_MESSAGES as M } from './validation-messages.js';

/** PUT /api/goal: practice days per week, 1 to 7. */
export const weeklyGoalRequestSchema = objectOf({
  daysPerWeek: integerField()
    .min(MIN_WEEKLY_GOAL, M.greaterOrEqual(MIN_WEEKLY_GOAL))
    .max(MAX_WEEKLY_GOAL, M.lessOrEqual(MAX_WEEKLY_GOAL)),
});
export type WeeklyGoalRequest = z.output<typeof weeklyGoalRequestSchema>;
