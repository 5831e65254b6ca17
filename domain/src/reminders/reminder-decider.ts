import { match } from 'ts-pattern';
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
  /**
   * The opt-in in force: named when reminders were last turned on (off -> on), kept while settings
   * change. A mail's unsubscribe link is bound to it, so a link from before a new opt-in stops
   * nothing. Null before the first opt-in.
   */
  optInId: string | null;
}

/** Off until the customer opts in; Monday, Wednesday and Friday at 18:00 when they first turn it on. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { enabled: false, days: [1, 3, 5], hour: 18 };

export const initialReminderState = (): ReminderState => ({
  ...DEFAULT_REMINDER_SETTINGS,
  lastSentDay: null,
  optInId: null,
});

export const evolveReminders = (state: ReminderState, event: ReminderEvent): ReminderState => {
  return match(event)
    .returnType<ReminderState>()
    .with({ type: 'PracticeRemindersSet' }, ({ data }) => {
      const { enabled, days, hour } = data;
      // A version-1 event has no optInId: its opt-in is named by its time.
      const optInId = enabled && !state.enabled ? (data.optInId ?? data.setAt) : state.optInId;
      return { ...state, enabled, days, hour, optInId };
    })
    .with({ type: 'PracticeRemindersUnsubscribed' }, () => ({ ...state, enabled: false }))
    .with({ type: 'PracticeReminderSent' }, ({ data }) => ({ ...state, lastSentDay: data.day }))
    .exhaustive();
};

/** ISO weekday (1 Monday ... 7 Sunday) of a day key. 1970-01-01 was a Thursday. */
export const isoWeekday = (day: string): number => ((((epochDay(day) + 3) % 7) + 7) % 7) + 1;

type Command<Type extends string, Data = Record<string, never>> = DomainCommand<Type, Data>;
/** `optInId`: the caller's fresh id, recorded if this turns reminders on (else the command's time). */
export type SetReminders = Command<'SetReminders', ReminderSettings & { optInId?: string }>;
/** An unsubscribe link was used: it stops only the opt-in it was sent for. */
export type UnsubscribeReminders = Command<'UnsubscribeReminders', { optInId: string }>;
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
  return match(command)
    .returnType<ReminderEvent[]>()
    .with({ type: 'SetReminders' }, ({ data }) => {
      const settings = checkSettings(data);
      const unchanged =
        settings.enabled === state.enabled &&
        settings.hour === state.hour &&
        settings.days.join() === state.days.join();
      const optIn = settings.enabled && !state.enabled ? { optInId: data.optInId ?? now } : {};
      return unchanged ? [] : [{ type: 'PracticeRemindersSet', data: { ...settings, ...optIn, setAt: now } }];
    })
    .with({ type: 'UnsubscribeReminders' }, ({ data }) =>
      state.enabled && state.optInId === data.optInId
        ? [{ type: 'PracticeRemindersUnsubscribed', data: { at: now } }]
        : [],
    )
    .with({ type: 'SendReminder' }, ({ data }) => {
      const { day } = data;
      if (!isDayKey(day)) throw new DomainError('invalid_input', `${day} is not a day (YYYY-MM-DD).`);
      const due =
        state.enabled &&
        state.days.includes(isoWeekday(day)) &&
        (state.lastSentDay === null || day > state.lastSentDay);
      return due ? [{ type: 'PracticeReminderSent', data: { day, sentAt: now } }] : [];
    })
    .exhaustive();
};

export const reminderDecider: Decider<ReminderState, ReminderCommand, ReminderEvent> = {
  initialState: initialReminderState,
  evolve: evolveReminders,
  decide: decideReminders,
};
