import type { DomainEvent } from '../decider/decider.js';

/**
 * `reminders-<customerId>`: practice reminders by mail: the customer's opt-in (days of
 * the week and hour, in their zone) and each reminder sent. No personal data: the address comes
 * from the customer stream when a reminder goes out.
 */
export const remindersStreamId = (customerId: string): string => `reminders-${customerId}`;

/**
 * The settings chosen in account settings; `days` are ISO weekdays (1 Monday ... 7 Sunday), sorted.
 * Version 2: `optInId` names the opt-in when this event turns reminders on (version 1 has none; its
 * `setAt` names it).
 */
export type PracticeRemindersSet = DomainEvent<
  'PracticeRemindersSet',
  { enabled: boolean; days: number[]; hour: number; setAt: string; optInId?: string }
>;
/** The unsubscribe link of a reminder mail was used (its page's button, or a mail program's POST). */
export type PracticeRemindersUnsubscribed = DomainEvent<'PracticeRemindersUnsubscribed', { at: string }>;
/** Recorded before the mail goes out: the reminder of this customer day is taken, by this process only. */
export type PracticeReminderSent = DomainEvent<'PracticeReminderSent', { day: string; sentAt: string }>;

export type ReminderEvent = PracticeRemindersSet | PracticeRemindersUnsubscribed | PracticeReminderSent;

export const reminderEventSchemaVersions: Record<ReminderEvent['type'], number> = {
  PracticeRemindersSet: 2,
  PracticeRemindersUnsubscribed: 1,
  PracticeReminderSent: 1,
};
