import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handleCommand } from '../decider/command-handler.js';
import { createInMemoryEventStore } from '../event-store/in-memory-event-store.js';
import { shiftDayKey } from '../calendar/day-keys.js';
import { givenWhenThen } from '../testing/given-when-then.js';
import { isoWeekday, reminderDecider, type ReminderCommand } from './reminder-decider.js';
import { reminderDueDay } from './reminder-due.js';
import { reminderEventSchemaVersions, remindersStreamId, type ReminderEvent } from './reminder-events.js';

const now = new Date('2026-03-16T17:05:00Z'); // a Monday
const at = now.toISOString();
const given = givenWhenThen(reminderDecider, now);
const on = (days: number[], hour = 18, optInId = 'opt-in-1'): ReminderEvent => ({
  type: 'PracticeRemindersSet',
  data: { enabled: true, days, hour, setAt: at, optInId },
});
const unsubscribed: ReminderEvent = { type: 'PracticeRemindersUnsubscribed', data: { at } };
const sent = (day: string): ReminderEvent => ({ type: 'PracticeReminderSent', data: { day, sentAt: at } });

describe('practice reminders', () => {
  it('are off until the customer opts in: nothing is sent', () => {
    given()
      .when({ type: 'SendReminder', data: { day: '2026-03-16' } })
      .then([]);
  });

  it('opt in with sorted days and an hour; the same settings again change nothing', () => {
    given()
      .when({ type: 'SetReminders', data: { enabled: true, days: [5, 1, 1], hour: 7, optInId: 'opt-in-1' } })
      .then([
        {
          type: 'PracticeRemindersSet',
          data: { enabled: true, days: [1, 5], hour: 7, optInId: 'opt-in-1', setAt: at },
        },
      ]);
    given(on([1, 5], 7))
      .when({ type: 'SetReminders', data: { enabled: true, days: [1, 5], hour: 7 } })
      .then([]);
  });

  it('refuse a bad hour, a bad weekday, or no day while on', () => {
    for (const data of [
      { enabled: true, days: [1], hour: 24 },
      { enabled: true, days: [1], hour: 6.5 },
      { enabled: true, days: [0], hour: 6 },
      { enabled: true, days: [8], hour: 6 },
      { enabled: true, days: [], hour: 6 },
    ])
      given().when({ type: 'SetReminders', data }).thenThrows('invalid_input');
  });

  it('send once per chosen day, never for a day already sent or earlier', () => {
    given(on([1]))
      .when({ type: 'SendReminder', data: { day: '2026-03-16' } })
      .then([sent('2026-03-16')]);
    given(on([1]), sent('2026-03-16'))
      .when({ type: 'SendReminder', data: { day: '2026-03-16' } })
      .then([]);
    given(on([1, 2]), sent('2026-03-17'))
      .when({ type: 'SendReminder', data: { day: '2026-03-16' } })
      .then([]);
    // Tuesday is not chosen.
    given(on([1]))
      .when({ type: 'SendReminder', data: { day: '2026-03-17' } })
      .then([]);
  });

  it('the unsubscribe link turns them off, once', () => {
    given(on([1]))
      .when({ type: 'UnsubscribeReminders', data: { optInId: 'opt-in-1' } })
      .then([unsubscribed]);
    given(on([1]), unsubscribed)
      .when({ type: 'UnsubscribeReminders', data: { optInId: 'opt-in-1' } })
      .then([]);
    given(on([1]), unsubscribed)
      .when({ type: 'SendReminder', data: { day: '2026-03-16' } })
      .then([]);
  });

  it('an unsubscribe link stops only the opt-in its mail was sent for, not a later one', () => {
    given(on([1], 18, 'opt-in-1'), unsubscribed, on([1], 18, 'opt-in-2'))
      .when({ type: 'UnsubscribeReminders', data: { optInId: 'opt-in-1' } })
      .then([]);
    given(on([1], 18, 'opt-in-1'), unsubscribed, on([1], 18, 'opt-in-2'))
      .when({ type: 'UnsubscribeReminders', data: { optInId: 'opt-in-2' } })
      .then([unsubscribed]);
  });

  it('changing the days or hour while on keeps the opt-in (its links still work); turning on again names a new one', () => {
    given(on([1]))
      .when({ type: 'SetReminders', data: { enabled: true, days: [2], hour: 9, optInId: 'opt-in-2' } })
      .then([{ type: 'PracticeRemindersSet', data: { enabled: true, days: [2], hour: 9, setAt: at } }]);
    given(on([1]), { type: 'PracticeRemindersSet', data: { enabled: true, days: [2], hour: 9, setAt: at } })
      .when({ type: 'UnsubscribeReminders', data: { optInId: 'opt-in-1' } })
      .then([unsubscribed]);
    given(on([1]), { type: 'PracticeRemindersSet', data: { enabled: false, days: [1], hour: 18, setAt: at } })
      .when({ type: 'SetReminders', data: { enabled: true, days: [1], hour: 18, optInId: 'opt-in-2' } })
      .then([
        {
          type: 'PracticeRemindersSet',
          data: { enabled: true, days: [1], hour: 18, optInId: 'opt-in-2', setAt: at },
        },
      ]);
  });

  it('a version-1 opt-in (no optInId) is named by its time', () => {
    given({ type: 'PracticeRemindersSet', data: { enabled: true, days: [1], hour: 18, setAt: at } })
      .when({ type: 'UnsubscribeReminders', data: { optInId: at } })
      .then([unsubscribed]);
  });

  it('are never sent twice for the same day, whatever the commands and however many processes race', async () => {
    const day = fc.integer({ min: 0, max: 20 }).map((offset) => shiftDayKey('2026-03-16', offset));
    const command: fc.Arbitrary<Omit<ReminderCommand, 'metadata'>> = fc.oneof(
      fc
        .record({
          enabled: fc.boolean(),
          days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
          hour: fc.integer({ min: 0, max: 23 }),
        })
        .map((data) => ({ type: 'SetReminders' as const, data })),
      fc.constant({ type: 'UnsubscribeReminders' as const, data: { optInId: now.toISOString() } }),
      day.map((sendDay) => ({ type: 'SendReminder' as const, data: { day: sendDay } })),
    );
    await fc.assert(
      fc.asyncProperty(
        // Rounds of commands; the commands of a round run at once, as several processes would.
        fc.array(fc.array(command, { minLength: 1, maxLength: 4 }), { maxLength: 12 }),
        async (rounds) => {
          const store = createInMemoryEventStore();
          const stream = remindersStreamId('ann');
          for (const round of rounds)
            await Promise.all(
              round.map((next) =>
                handleCommand(store, stream, reminderDecider, reminderEventSchemaVersions, {
                  ...next,
                  metadata: { now },
                } as ReminderCommand),
              ),
            );
          const sentDays = (await store.readStream(stream))
            .filter((event) => event.type === 'PracticeReminderSent')
            .map((event) => (event.data as { day: string }).day);
          expect(new Set(sentDays).size).toBe(sentDays.length);
          // And only ever forward in time.
          expect([...sentDays].sort()).toEqual(sentDays);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('reminderDueDay', () => {
  const settings = { enabled: true, days: [1], hour: 18 };
  it("is the customer's day from the chosen hour in their zone, for 3 hours, on a chosen weekday", () => {
    // 17:05 UTC is 18:05 in Berlin (Monday), 13:05 in New York.
    expect(reminderDueDay(settings, now, 'Europe/Berlin')).toBe('2026-03-16');
    expect(reminderDueDay(settings, now, 'America/New_York')).toBeNull();
    expect(reminderDueDay(settings, new Date('2026-03-16T22:05:00Z'), 'America/New_York')).toBe('2026-03-16');
    expect(reminderDueDay(settings, new Date('2026-03-16T20:05:00Z'), 'Europe/Berlin')).toBeNull();
    expect(reminderDueDay({ ...settings, enabled: false }, now, 'Europe/Berlin')).toBeNull();
    // 18:05 in Tokyo on Monday is Monday 09:05 UTC.
    expect(reminderDueDay(settings, new Date('2026-03-16T09:05:00Z'), 'Asia/Tokyo')).toBe('2026-03-16');
  });

  it('over random instants and zones: due only on chosen weekdays within the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2026-01-01'), max: Date.parse('2027-01-01') }),
        fc.constantFrom('UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati'),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1 }),
        fc.integer({ min: 0, max: 23 }),
        (instant, zone, days, hour) => {
          const due = reminderDueDay({ enabled: true, days, hour }, new Date(instant), zone);
          const local = new Intl.DateTimeFormat('en-CA', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            hourCycle: 'h23',
          }).formatToParts(new Date(instant));
          const part = (type: string) => local.find((p) => p.type === type)!.value;
          const day = `${part('year')}-${part('month')}-${part('day')}`;
          const localHour = Number(part('hour'));
          const expected = days.includes(isoWeekday(day)) && localHour >= hour && localHour < hour + 3;
          expect(due).toBe(expected ? day : null);
        },
      ),
    );
  });
});
