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
  type TeacherEvent,
} from './teacher-events.js';
import { quarterOf, upcomingSlotStarts } from './teacher-slots.js';

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

const given = givenWhenThen(teacherDecider, now);
const book = (bookingId: string, customerId: string, startsAt = tuesday) =>
  ({ type: 'BookTeacherLesson', data: { bookingId, customerId, startsAt } }) as const;
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
    given(added, available, booked('b1', 'ann')).when(book('b2', 'ben')).thenThrows('slot_taken');
    given(added, available)
      .when(book('b1', 'ann'), new Date('2026-03-18T00:00:00Z'))
      .thenThrows('invalid_input');
    given(added, available)
      .when(book('b1', 'ann', new Date('2026-03-17T17:00:00Z')))
      .thenThrows('invalid_input');
  });

  it('lets the customer cancel up to 24 hours before, freeing the slot', () => {
    const cancel = { type: 'CancelTeacherLesson', data: { bookingId: 'b1', customerId: 'ann' } } as const;
    given(added, available, booked('b1', 'ann'))
      .when(cancel)
      .then([
        { type: 'TeacherLessonCancelled', data: { bookingId: 'b1', customerId: 'ann', cancelledAt: at } },
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

describe("a customer's lesson credits", () => {
  const credits = givenWhenThen(lessonCreditDecider, now);
  const use = (bookingId: string, quarter = '2026-Q1') =>
    ({ type: 'UseLessonCredit', data: { bookingId, quarter, teacherId: 't1', startsAt: at } }) as const;
  const used = (bookingId: string, quarter = '2026-Q1') =>
    ({ type: 'LessonCreditUsed', data: { ...use(bookingId, quarter).data, usedAt: at } }) as const;
  const returned = (bookingId: string, quarter = '2026-Q1') =>
    ({ type: 'LessonCreditReturned', data: { bookingId, quarter, returnedAt: at } }) as const;

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
    credits(used('b1'))
      .when({ type: 'ReturnLessonCredit', data: { bookingId: 'b1', quarter: '2026-Q1' } })
      .then([returned('b1')]);
    credits(used('b1'))
      .when({ type: 'ReturnLessonCredit', data: { bookingId: 'b9', quarter: '2026-Q1' } })
      .then([]);
    credits(used('b1'), returned('b1'))
      .when(use('b2'))
      .then([used('b2')]);
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
                await run({ type: 'ReturnLessonCredit', data: { bookingId: `b${index}`, quarter } });
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
