import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handleCommand } from '../decider/command-handler.js';
import { isDomainError } from '../errors/domain-error.js';
import { createInMemoryEventStore } from '../event-store/in-memory-event-store.js';
import { givenWhenThen } from '../testing/given-when-then.js';
import { lessonCreditDecider, type LessonCreditCommand } from './lesson-credit-decider.js';
import { teacherDecider, type TeacherCommand } from './teacher-decider.js';
import {
  lessonCreditEventSchemaVersions,
  lessonCreditsStreamId,
  teacherEventSchemaVersions,
  teacherStreamId,
  type LessonCreditReturnReason,
  type TeacherEvent,
} from './teacher-events.js';
import {
  BOOKING_HOLD_MINUTES,
  isNightLesson,
  quarterOf,
  TEACHER_LESSON_MINUTES,
  UNFINISHED_BOOKING_MINUTES,
  upcomingSlotStarts,
} from './teacher-slots.js';

const now = new Date('2026-03-16T08:00:00Z'); // Monday
const at = now.toISOString();
const added: TeacherEvent = {
  type: 'TeacherAdded',
  data: { teacherId: 't1', name: 'Tina', email: 'tina@example.com', timeZone: 'Europe/Berlin', addedAt: at },
};
// Tuesdays 17:00 and Thursdays 09:30 in Berlin.
const available: TeacherEvent = {
  type: 'TeacherAvailabilitySet',
  data: {
    slots: [
      { weekday: 2, start: '17:00' },
      { weekday: 4, start: '09:30' },
    ],
    setAt: at,
  },
};
const tuesday = new Date('2026-03-17T16:00:00Z'); // 17:00 in Berlin
const weekly = (...list: [number, string][]) => list.map(([weekday, start]) => ({ weekday, start }));
const availabilitySet = (...list: [number, string][]): TeacherEvent => ({
  type: 'TeacherAvailabilitySet',
  data: { slots: weekly(...list), setAt: at },
});

const given = givenWhenThen(teacherDecider, now);
const book = (bookingId: string, customerId: string, startsAt = tuesday, heldSince = now) =>
  ({ type: 'BookTeacherLesson', data: { bookingId, customerId, startsAt, heldSince } }) as const;
const booked = (bookingId: string, customerId: string, startsAt = tuesday): TeacherEvent => ({
  type: 'TeacherLessonBooked',
  data: { bookingId, customerId, startsAt: startsAt.toISOString(), bookedAt: at },
});

describe('a teacher', () => {
  it('is added with a name, an email and a zone, then offers weekly slots in that zone', () => {
    given()
      .when({
        type: 'AddTeacher',
        data: { teacherId: 't1', name: 'Tina', email: 'tina@example.com', timeZone: 'Nowhere/City' },
      })
      .thenThrows('invalid_input');
    given(added)
      .when({ type: 'SetAvailability', data: { slots: [{ weekday: 8, start: '17:00' }] } })
      .thenThrows('invalid_input');
    const starts = upcomingSlotStarts([{ weekday: 2, start: '17:00' }], 'Europe/Berlin', now, 3);
    expect(starts.map((start) => start.toISOString())).toEqual([
      '2026-03-17T16:00:00.000Z',
      '2026-03-24T16:00:00.000Z',
      // Summer time from 29 March: 17:00 in Berlin is 15:00 UTC.
      '2026-03-31T15:00:00.000Z',
    ]);
  });

  it('takes a booking of a free future slot, and refuses a taken, a past or an unoffered one', () => {
    given(added, available)
      .when(book('b1', 'ann'))
      .then([booked('b1', 'ann')]);
    given(added, available, booked('b1', 'ann'))
      .when(book('b2', 'ben'))
      .thenThrows('slot_taken', 'This slot has just been booked by someone else. Please choose another.');
    // A second click on the slot one has just booked says so, not that someone else took it.
    given(added, available, booked('b1', 'ann'))
      .when(book('b2', 'ann'))
      .thenThrows('slot_taken', 'You have booked this slot already: it is in your lessons.');
    given(added, available)
      .when(book('b1', 'ann'), new Date('2026-03-18T00:00:00Z'))
      .thenThrows('invalid_input');
    given(added, available)
      .when(book('b1', 'ann', new Date('2026-03-17T17:00:00Z')))
      .thenThrows('invalid_input');
  });

  it("refuses weekly slots whose 45-minute lessons overlap, across the week's wrap-around too", () => {
    const slots = (...list: [number, string][]) => ({
      type: 'SetAvailability' as const,
      data: { slots: weekly(...list) },
    });
    given(added)
      .when(slots([2, '17:00'], [2, '17:30']))
      .thenThrows('invalid_input', 'Tuesday 17:00 and Tuesday 17:30 overlap: a lesson lasts 45 minutes.');
    given(added)
      .when(slots([1, '00:00'], [7, '23:30']))
      .thenThrows('invalid_input', 'Sunday 23:30 and Monday 00:00 overlap: a lesson lasts 45 minutes.');
    given(added)
      .when(slots([3, '09:00'], [3, '08:16']))
      .thenThrows('invalid_input', 'Wednesday 08:16 and Wednesday 09:00 overlap: a lesson lasts 45 minutes.');
    // 45 minutes apart is back to back, not an overlap; the same slot twice is one slot.
    given(added)
      .when(slots([2, '17:45'], [7, '23:15'], [2, '17:00'], [1, '00:00'], [2, '17:00']))
      .then([availabilitySet([1, '00:00'], [2, '17:00'], [2, '17:45'], [7, '23:15'])]);
  });

  it("checks a booking against every booked lesson's full 45 minutes", () => {
    // Slots that overlap, as availability set before the rule (or booked lessons kept from older slots).
    const overlapping = availabilitySet([2, '17:00'], [2, '17:30'], [2, '17:45']);
    const half = new Date('2026-03-17T16:30:00Z');
    const overlaps = 'This slot overlaps a lesson booked with this teacher. Please choose another.';
    given(added, overlapping, booked('b1', 'ann'))
      .when(book('b2', 'ben', half))
      .thenThrows('slot_taken', overlaps);
    given(added, overlapping, booked('b1', 'ann', half))
      .when(book('b2', 'ben'))
      .thenThrows('slot_taken', overlaps);
    const backToBack = new Date('2026-03-17T16:45:00Z');
    given(added, overlapping, booked('b1', 'ann'))
      .when(book('b2', 'ben', backToBack))
      .then([booked('b2', 'ben', backToBack)]);
  });

  it('refuses a booking whose credit has been held longer than the hold', () => {
    const heldLongAgo = new Date(now.getTime() - (BOOKING_HOLD_MINUTES * 60 + 1) * 1000);
    given(added, available)
      .when(book('b1', 'ann', tuesday, heldLongAgo))
      .thenThrows('invalid_transition', 'This booking took too long. Please try again.');
  });

  it('lets the customer cancel up to 24 hours before, freeing the slot', () => {
    const cancel = { type: 'CancelTeacherLesson', data: { bookingId: 'b1', customerId: 'ann' } } as const;
    given(added, available, booked('b1', 'ann'))
      .when(cancel)
      .then([
        {
          type: 'TeacherLessonCancelled',
          data: {
            bookingId: 'b1',
            customerId: 'ann',
            cancelledAt: at,
            startsAt: tuesday.toISOString(),
            reason: 'customer_cancelled',
          },
        },
      ]);
    given(added, available, booked('b1', 'ann'))
      .when(cancel, new Date('2026-03-16T17:00:00Z'))
      .thenThrows('invalid_transition');
    given(added, available, booked('b1', 'ann'))
      .when({ type: 'CancelTeacherLesson', data: { bookingId: 'b1', customerId: 'ben' } })
      .thenThrows('not_found');
    given(added, available, booked('b1', 'ann'), {
      type: 'TeacherLessonCancelled',
      data: { bookingId: 'b1', customerId: 'ann', cancelledAt: at },
    })
      .when(book('b2', 'ben'))
      .then([booked('b2', 'ben')]);
  });
});

describe("a teacher's meeting link", () => {
  const linkSet = (meetingLink: string): TeacherEvent => ({
    type: 'TeacherMeetingLinkSet',
    data: { meetingLink, setAt: at },
  });

  it('is set as an https address on a real domain, normalised, and replaced by a new one', () => {
    given(added)
      .when({ type: 'SetMeetingLink', data: { meetingLink: '  https://meet.example.com/tina  ' } })
      .then([linkSet('https://meet.example.com/tina')]);
    given(added, linkSet('https://meet.example.com/tina'))
      .when({ type: 'SetMeetingLink', data: { meetingLink: 'https://zoom.example.com/j/42?pwd=a b' } })
      .then([linkSet('https://zoom.example.com/j/42?pwd=a%20b')]);
    // The same link again changes nothing.
    given(added, linkSet('https://meet.example.com/tina'))
      .when({ type: 'SetMeetingLink', data: { meetingLink: 'https://meet.example.com/tina' } })
      .then([]);
  });

  it('refuses what is not a link participants can open, saying what it expects', () => {
    const hint = 'expected a web address that starts with https://, such as https://meet.example.com/tina.';
    for (const bad of [
      'http://meet.example.com/tina',
      'meet.example.com/tina',
      'javascript:alert(1)',
      'https://localhost/room',
      '',
    ])
      given(added)
        .when({ type: 'SetMeetingLink', data: { meetingLink: bad } })
        .thenThrows('invalid_input', `"${bad}" is not a meeting link: ${hint}`);
    given(added)
      .when({ type: 'SetMeetingLink', data: { meetingLink: 'https://tina:secret@meet.example.com/' } })
      .thenThrows(
        'invalid_input',
        '"https://tina:secret@meet.example.com/" is not a meeting link: must not hold a user name or password: give the link participants open.',
      );
    given()
      .when({ type: 'SetMeetingLink', data: { meetingLink: 'https://meet.example.com/tina' } })
      .thenThrows('not_found');
  });
});

describe("night lessons in the drummer's zone", () => {
  it('marks a lesson that starts before 07:00 or ends after 22:00 there, DST included', () => {
    // A New York teacher's 19:30 (EST) is 01:30 in Berlin: night there, evening in New York.
    const nyEvening = new Date('2026-01-13T00:30:00Z');
    expect(isNightLesson(nyEvening, 'Europe/Berlin')).toBe(true);
    expect(isNightLesson(nyEvening, 'America/New_York')).toBe(false);
    const berlin = (local: string, offset = '+01:00') => new Date(`2026-01-13T${local}:00${offset}`);
    expect(isNightLesson(berlin('06:59'), 'Europe/Berlin')).toBe(true);
    expect(isNightLesson(berlin('07:00'), 'Europe/Berlin')).toBe(false);
    // 21:15 ends at 22:00 sharp: still the day; 21:16 runs past it; 23:30 runs into the next day.
    expect(isNightLesson(berlin('21:15'), 'Europe/Berlin')).toBe(false);
    expect(isNightLesson(berlin('21:16'), 'Europe/Berlin')).toBe(true);
    expect(isNightLesson(berlin('23:30'), 'Europe/Berlin')).toBe(true);
    // Summer time: 06:30 UTC is 08:30 in Berlin in July (day), 07:30 in January (day), 05:30 UTC in
    // July is 07:30 (day) but in January 06:30 (night).
    expect(isNightLesson(new Date('2026-07-14T05:30:00Z'), 'Europe/Berlin')).toBe(false);
    expect(isNightLesson(new Date('2026-01-13T05:30:00Z'), 'Europe/Berlin')).toBe(true);
  });
});

describe("a teacher's bookings: horizon, plan and erasure", () => {
  const horizon = 'Lessons can be booked up to 8 weeks ahead. Please choose an offered slot.';

  it('takes only the slots the page offers: up to 8 weeks ahead, never years ahead', () => {
    const offered = upcomingSlotStarts(available.data.slots, 'Europe/Berlin', now);
    const last = offered.at(-1)!;
    expect(last.toISOString()).toBe('2026-05-07T07:30:00.000Z'); // Thursday 09:30, 52 days on
    given(added, available)
      .when(book('b1', 'ann', last))
      .then([booked('b1', 'ann', last)]);
    // The next slot of the pattern (Tuesday 12 May) is not offered yet.
    given(added, available)
      .when(book('b1', 'ann', new Date('2026-05-12T15:00:00Z')))
      .thenThrows('invalid_input', horizon);
    // A slot of the weekly pattern years ahead, and the last second of year 9999 (10000 in Berlin).
    for (const far of ['2032-03-16T16:00:00Z', '9999-06-04T15:00:00Z', '9999-12-31T23:59:59Z'])
      given(added, available)
        .when(book('b1', 'ann', new Date(far)))
        .thenThrows('invalid_input', horizon);
  });

  it('takes a lesson only while the customer is on Exclusive: it must end before a scheduled end of the plan', () => {
    const withPlanEnd = (exclusiveUntil: Date) =>
      ({
        type: 'BookTeacherLesson',
        data: { bookingId: 'b1', customerId: 'ann', startsAt: tuesday, heldSince: now, exclusiveUntil },
      }) as const;
    given(added, available)
      .when(withPlanEnd(new Date('2026-03-17T16:30:00Z')))
      .thenThrows(
        'invalid_input',
        'Your Exclusive plan ends on 2026-03-17: please choose a lesson before then.',
      );
    given(added, available)
      .when(withPlanEnd(new Date('2026-03-17T16:45:00Z')))
      .then([booked('b1', 'ann')]);
  });

  it('an ended plan frees the slot even within 24 hours, with why', () => {
    given(added, available, booked('b1', 'ann'))
      .when(
        { type: 'CancelTeacherLesson', data: { bookingId: 'b1', customerId: 'ann', reason: 'plan_ended' } },
        new Date('2026-03-17T15:00:00Z'),
      )
      .then([
        {
          type: 'TeacherLessonCancelled',
          data: {
            bookingId: 'b1',
            customerId: 'ann',
            cancelledAt: '2026-03-17T15:00:00.000Z',
            startsAt: tuesday.toISOString(),
            reason: 'plan_ended',
          },
        },
      ]);
  });

  it("an erasure cancels the customer's future lessons and closes the stream to them in one append", () => {
    const erase = { type: 'EraseCustomerLessons', data: { customerId: 'ann' } } as const;
    const past = new Date('2026-03-12T08:30:00Z'); // Thursday 09:30 in Berlin, last week
    const thursday = new Date('2026-03-19T08:30:00Z');
    const cancelled = (bookingId: string, startsAt: Date) => ({
      type: 'TeacherLessonCancelled',
      data: {
        bookingId,
        customerId: 'ann',
        cancelledAt: at,
        startsAt: startsAt.toISOString(),
        reason: 'account_erased',
      },
    });
    const erased: TeacherEvent = { type: 'TeacherCustomerErased', data: { customerId: 'ann', erasedAt: at } };
    given(
      added,
      available,
      booked('p1', 'ann', past),
      booked('b2', 'ann', thursday),
      booked('b1', 'ann'),
      booked('b3', 'ben', new Date('2026-03-24T16:00:00Z')),
    )
      .when(erase)
      .then([cancelled('b1', tuesday), cancelled('b2', thursday), erased] as TeacherEvent[]);
    // A booking under way when the erasure ran is refused; others still book; twice records nothing.
    given(added, available, erased)
      .when(book('b4', 'ann'))
      .thenThrows('customer_erased', 'This account has been deleted.');
    given(added, available, erased)
      .when(book('b4', 'ben'))
      .then([booked('b4', 'ben')]);
    given(added, available, erased).when(erase).then([]);
    given().when(erase).then([]);
  });
});

describe("a customer's lesson credits", () => {
  const credits = givenWhenThen(lessonCreditDecider, now);
  const use = (bookingId: string, quarter = '2026-Q1') =>
    ({ type: 'UseLessonCredit', data: { bookingId, quarter, teacherId: 't1', startsAt: at } }) as const;
  const used = (bookingId: string, quarter = '2026-Q1') =>
    ({ type: 'LessonCreditUsed', data: { ...use(bookingId, quarter).data, usedAt: at } }) as const;
  const returned = (bookingId: string, reason: LessonCreditReturnReason, quarter = '2026-Q1', when = at) =>
    ({ type: 'LessonCreditReturned', data: { bookingId, quarter, returnedAt: when, reason } }) as const;
  const confirmed = (bookingId: string, quarter = '2026-Q1') =>
    ({ type: 'LessonCreditConfirmed', data: { bookingId, quarter, confirmedAt: at } }) as const;
  const settle = (bookingId: string, booked: boolean) =>
    ({ type: 'SettleLessonCredit', data: { bookingId, booked } }) as const;

  it('are one a quarter: a second booking in the quarter is refused, one in the next is taken', () => {
    credits()
      .when(use('b1'))
      .then([used('b1')]);
    credits(used('b1'))
      .when(use('b2'))
      .thenThrows(
        'quarter_used',
        'You have booked your teacher lesson of 2026 Q1 already: one lesson per quarter.',
      );
    credits(used('b1'))
      .when(use('b2', '2026-Q2'))
      .then([used('b2', '2026-Q2')]);
  });

  it('come back with a cancelled booking, and only with the booking that took them', () => {
    const cancelled = {
      type: 'ReturnLessonCredit',
      data: { bookingId: 'b1', reason: 'lesson_cancelled' },
    } as const;
    credits(used('b1'))
      .when(cancelled)
      .then([returned('b1', 'lesson_cancelled')]);
    credits(used('b1'))
      .when({ type: 'ReturnLessonCredit', data: { bookingId: 'b9', reason: 'lesson_cancelled' } })
      .then([]);
    credits(used('b1'), returned('b1', 'lesson_cancelled')).when(cancelled).then([]);
    credits(used('b1'), returned('b1', 'lesson_cancelled'))
      .when(use('b2'))
      .then([used('b2')]);
  });

  it('are settled by the booking process: confirmed once the slot is booked, returned when it never was', () => {
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    credits(used('b1'))
      .when(settle('b1', true))
      .then([confirmed('b1')]);
    credits(used('b1'), confirmed('b1')).when(settle('b1', true)).then([]);
    // Held without a booking: left alone while a booking may still be under way, then returned.
    credits(used('b1'))
      .when(settle('b1', false), later(UNFINISHED_BOOKING_MINUTES - 1))
      .then([]);
    const returnedAt = later(UNFINISHED_BOOKING_MINUTES).toISOString();
    credits(used('b1'))
      .when(settle('b1', false), later(UNFINISHED_BOOKING_MINUTES))
      .then([returned('b1', 'booking_unfinished', '2026-Q1', returnedAt)]);
    // Confirmed, but the lesson is no longer booked (a cancellation cut short): returned.
    credits(used('b1'), confirmed('b1'))
      .when(settle('b1', false), later(UNFINISHED_BOOKING_MINUTES))
      .then([returned('b1', 'lesson_cancelled', '2026-Q1', returnedAt)]);
    // Settled already, or another booking's: nothing.
    credits(used('b1'), returned('b1', 'slot_refused')).when(settle('b1', false), later(60)).then([]);
    credits(used('b1')).when(settle('b9', false), later(60)).then([]);
  });

  it('are closed by an erasure: no credit is taken or confirmed after it, once', () => {
    const closed = { type: 'LessonCreditsClosed', data: { closedAt: at } } as const;
    const close = { type: 'CloseLessonCredits', data: {} } as const;
    credits(used('b1')).when(close).then([closed]);
    credits(used('b1'), closed).when(close).then([]);
    for (const command of [use('b2', '2026-Q2'), settle('b1', true)])
      credits(used('b1'), closed)
        .when(command)
        .thenThrows('customer_erased', 'This account has been deleted.');
    credits(used('b1'), closed)
      .when({ type: 'ReturnLessonCredit', data: { bookingId: 'b1', reason: 'slot_refused' } })
      .then([]);
  });
});

describe('under concurrent requests', () => {
  it('one slot is never booked twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('ann', 'ben', 'cy', 'dee'), { minLength: 2, maxLength: 8 }),
        async (customers) => {
          const store = createInMemoryEventStore();
          const stream = teacherStreamId('t1');
          const run = (command: Omit<TeacherCommand, 'metadata'>) =>
            handleCommand(store, stream, teacherDecider, teacherEventSchemaVersions, {
              ...command,
              metadata: { now },
            } as TeacherCommand);
          await run({
            type: 'AddTeacher',
            data: { teacherId: 't1', name: 'Tina', email: 'tina@example.com', timeZone: 'Europe/Berlin' },
          });
          await run({ type: 'SetAvailability', data: { slots: [{ weekday: 2, start: '17:00' }] } });
          const results = await Promise.allSettled(
            customers.map((customer, index) => run(book(`b${index}`, customer))),
          );
          expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
          for (const result of results)
            if (result.status === 'rejected') expect(isDomainError(result.reason, 'slot_taken')).toBe(true);
          const bookings = (await store.readStream(stream)).filter(
            (event) => event.type === 'TeacherLessonBooked',
          );
          expect(bookings).toHaveLength(1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('overlapping lessons of a teacher are never both booked', async () => {
    // 17:00, 17:30 and 18:00 in Berlin: the middle one overlaps both others.
    const starts = ['2026-03-17T16:00:00Z', '2026-03-17T16:30:00Z', '2026-03-17T17:00:00Z'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...starts), { minLength: 2, maxLength: 8 }),
        async (picks) => {
          const store = createInMemoryEventStore();
          const stream = teacherStreamId('t1');
          await handleCommand(store, stream, teacherDecider, teacherEventSchemaVersions, {
            type: 'AddTeacher',
            data: { teacherId: 't1', name: 'Tina', email: 'tina@example.com', timeZone: 'Europe/Berlin' },
            metadata: { now },
          });
          // Overlapping slots as they could be set before the rule.
          await store.appendToStream(stream, [
            {
              type: 'TeacherAvailabilitySet',
              data: {
                slots: ['17:00', '17:30', '18:00'].map((start) => ({ weekday: 2, start })),
                setAt: at,
              },
              metadata: { schemaVersion: 1, time: at },
            },
          ]);
          const results = await Promise.allSettled(
            picks.map((start, index) =>
              handleCommand(store, stream, teacherDecider, teacherEventSchemaVersions, {
                ...book(`b${index}`, `c${index}`, new Date(start)),
                metadata: { now },
              }),
            ),
          );
          expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
          for (const result of results)
            if (result.status === 'rejected') expect(isDomainError(result.reason, 'slot_taken')).toBe(true);
          const booked = (await store.readStream(stream))
            .filter((event) => event.type === 'TeacherLessonBooked')
            .map((event) => Date.parse((event.data as { startsAt: string }).startsAt));
          for (const a of booked)
            for (const b of booked)
              if (a !== b) expect(Math.abs(a - b)).toBeGreaterThanOrEqual(TEACHER_LESSON_MINUTES * 60_000);
          expect(new Set(booked).size).toBe(booked.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a customer never holds more than one lesson per calendar quarter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ quarter: fc.constantFrom('2026-Q1', '2026-Q2', '2026-Q3'), returnIt: fc.boolean() }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        async (attempts) => {
          const store = createInMemoryEventStore();
          const stream = lessonCreditsStreamId('ann');
          const run = (command: Omit<LessonCreditCommand, 'metadata'>) =>
            handleCommand(store, stream, lessonCreditDecider, lessonCreditEventSchemaVersions, {
              ...command,
              metadata: { now },
            } as LessonCreditCommand);
          await Promise.allSettled(
            attempts.map(async ({ quarter, returnIt }, index) => {
              await run({
                type: 'UseLessonCredit',
                data: { bookingId: `b${index}`, quarter, teacherId: 't1', startsAt: at },
              });
              if (returnIt)
                await run({
                  type: 'ReturnLessonCredit',
                  data: { bookingId: `b${index}`, reason: 'lesson_cancelled' },
                });
            }),
          );
          // Folding the log: at no point two credits of one quarter in use at once.
          const inUse = new Map<string, string>();
          for (const event of await store.readStream(stream)) {
            const data = event.data as { quarter: string; bookingId: string };
            if (event.type === 'LessonCreditUsed') {
              expect(inUse.has(data.quarter)).toBe(false);
              inUse.set(data.quarter, data.bookingId);
            } else if (inUse.get(data.quarter) === data.bookingId) inUse.delete(data.quarter);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('quarters are calendar quarters in the given zone', () => {
    expect(quarterOf(new Date('2026-03-31T22:30:00Z'), 'UTC')).toBe('2026-Q1');
    expect(quarterOf(new Date('2026-03-31T22:30:00Z'), 'Europe/Berlin')).toBe('2026-Q2');
    expect(quarterOf(new Date('2026-12-31T12:00:00Z'), 'UTC')).toBe('2026-Q4');
  });
});
