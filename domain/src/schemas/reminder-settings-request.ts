import type { z } from 'zod';
import { arrayOf, booleanField, integerField, objectOf } from './fields.js';
import { VALIDATION_MESSAGES as M } from './validation-messages.js';

/** PUT /api/reminders: on or off, ISO weekdays (1 Monday ... 7 Sunday) and an hour in the customer's zone. */
export const reminderSettingsRequestSchema = objectOf({
  enabled: booleanField(),
  days: arrayOf(integerField().min(1, M.greaterOrEqual(1)).max(7, M.lessOrEqual(7))).max(
    7,
    'choose at most 7 days',
  ),
  hour: integerField().min(0, M.greaterOrEqual(0)).max(23, M.lessOrEqual(23)),
}).refine((settings) => !settings.enabled || settings.days.length > 0, {
  path: ['days'],
  message: 'choose at least one day',
});
export type ReminderSettingsRequest = z.output<typeof reminderSettingsRequestSchema>;
