import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { dayKeyInZone } from '../calendar/day-keys.js';
import { isoWeekday, type ReminderSettings } from './reminder-decider.js';

/**
 * Hours after the chosen one in which a reminder still goes out (a server that was down at the hour
 * catches up); later than that a "time to practise" mail would only be noise.
 */
export const REMINDER_WINDOW_HOURS = 3;

/**
 * The customer day whose reminder is due at `now` in `timeZone`, or null: reminders on, today one
 * of the chosen weekdays, and the local time within `REMINDER_WINDOW_HOURS` from the chosen hour.
 * Whether it was sent already or the day was practised is the scheduler's and decider's business.
 */
export const reminderDueDay = (settings: ReminderSettings, now: Date, timeZone: string): string | null => {
  if (!settings.enabled) return null;
  const day = dayKeyInZone(now, timeZone);
  const hour = Number(format(now, 'H', { in: tz(timeZone) }));
  const inWindow = hour >= settings.hour && hour < settings.hour + REMINDER_WINDOW_HOURS;
  return inWindow && settings.days.includes(isoWeekday(day)) ? day : null;
};
