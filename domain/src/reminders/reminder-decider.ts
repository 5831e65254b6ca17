import type { Decider, DomainCommand } from '../decider/decider.js';
import { DomainError } from '../errors/domain-error.js';
import { epochDay, isDayKey } from '../calendar/day-keys.js';
import type { ReminderEvent } from './reminder-events.js';

export interface ReminderSettings {
  enabled: boolean;
  /** ISO weekdays, 1 Monday ... 7 Sunday, sorted. */
  days: number[];
  /** Hour of the day (0-23) in the customer's zone. */
  hour: number;
}

export interface ReminderState extends ReminderSettings {
  /** The last customer day a reminder was sent for; none is ever sent for it or an earlier day. */
  lastSentDay: string | null;
}

/** Off until the customer opts in; Monday, Wednesday and Friday at 18:00 when they first turn it on. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { enabled: false, days: [1, 3, 5], hour: 18 };

export const initialReminderState = (): ReminderState => ({
  ...DEFAULT_REMINDER_SETTINGS,
  lastSentDay: null,
});

export const evolveReminders = (state: ReminderState, event: ReminderEvent): ReminderState => {
  switch (event.type) {
    case 'PracticeRemindersSet': {
      const { enabled, days, hour } = event.data;
      return { ...state, enabled, days, hour };
    }
    case 'PracticeRemindersUnsubscribed':
      return { ...state, enabled: false };
    case 'PracticeReminderSent':
      return { ...state, lastSentDay: event.data.day };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

/** ISO weekday (1 Monday ... 7 Sunday) of a day key. 1970-01-01 was a Thursday. */
export const isoWeekday = (day: string): number => ((((epochDay(day) + 3) % 7) + 7) % 7) + 1;

type Command<Type extends string, Data = Record<string, never>> = DomainCommand<Type, Data>;
export type SetReminders = Command<'SetReminders', ReminderSettings>;
export type UnsubscribeReminders = Command<'UnsubscribeReminders'>;
/**
 * Takes the reminder of one customer day. The scheduler records it (expected revision) before it
 * mails: of several processes, one appends and mails, the others see it taken and mail nothing.
 */
export type SendReminder = Command<'SendReminder', { day: string }>;
export type ReminderCommand = SetReminders | UnsubscribeReminders | SendReminder;

const checkSettings = ({ enabled, days, hour }: ReminderSettings): ReminderSettings => {
  if (typeof enabled !== 'boolean') throw new DomainError('invalid_input', 'enabled must be true or false.');
  if (!Number.isInteger(hour) || hour < 0 || hour > 23)
    throw new DomainError('invalid_input', 'The hour is a whole number from 0 to 23.');
  if (!Array.isArray(days) || days.some((day) => !Number.isInteger(day) || day < 1 || day > 7))
    throw new DomainError('invalid_input', 'Days are weekdays from 1 (Monday) to 7 (Sunday).');
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (enabled && sorted.length === 0)
    throw new DomainError('invalid_input', 'Choose at least one day for your reminders.');
  return { enabled, days: sorted, hour };
};

export const decideReminders = (command: ReminderCommand, state: ReminderState): ReminderEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'SetReminders': {
      const settings = checkSettings(command.data);
      const unchanged =
        settings.enabled === state.enabled &&
        settings.hour === state.hour &&
        settings.days.join() === state.days.join();
      return unchanged ? [] : [{ type: 'PracticeRemindersSet', data: { ...settings, setAt: now } }];
    }
    case 'UnsubscribeReminders':
      return state.enabled ? [{ type: 'PracticeRemindersUnsubscribed', data: { at: now } }] : [];
    case 'SendReminder': {
      const { day } = command.data;
      if (!isDayKey(day)) throw new DomainError('invalid_input', `${day} is not a day (YYYY-MM-DD).`);
      const due =
        state.enabled &&
        state.days.includes(isoWeekday(day)) &&
        (state.lastSentDay === null || day > state.lastSentDay);
      return due ? [{ type: 'PracticeReminderSent', data: { day, sentAt: now } }] : [];
    }
    default: {
      const _exhaustive: never = command;
      throw new DomainError('invalid_input', `Unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
};

export const reminderDecider: Decider<ReminderState, ReminderCommand, ReminderEvent> = {
  initialState: initialReminderState,
  evolve: evolveReminders,
  decide: decideReminders,
};
