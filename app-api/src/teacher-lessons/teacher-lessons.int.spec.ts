import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonCreditsStreamId, teacherStreamId, UNFINISHED_BOOKING_MINUTES } from '@stickwork/domain';
import { runCustomerCommand } from '../accounts/customer-commands.js';
import { mailsTo } from '../accounts/testing/account-fixtures.js';
import {
  cancelLessonsWithoutCredit,
  releaseLessonsOfEndedPlans,
  settleTeacherBookings,
} from './teacher-booking-sweep.js';
import { runCredits, runTeacher } from './teacher-lessons.js';
import {
  registerDrummer,
  startPracticeServer,
  subscribe,
  type Drummer,
  type PracticeTestServer,
} from '../practice/testing/practice-fixtures.js';

// Monday 2026-03-16 08:00 UTC. Tina teaches on Tuesdays 17:00 Berlin time.
const START = '2026-03-16T08:00:00.000Z';
const BERLIN = { headers: { 'time-zone': 'Europe/Berlin' } };
const TUESDAY = '2026-03-17T16:00:00.000Z';
const NEXT_TUESDAY = '2026-03-24T16:00:00.000Z';
const TEACHER_EMAIL = 'tina.teacher@example.com';

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer(START);
  await runTeacher(server.backend, 'tina', {
    type: 'AddTeacher',
    data: { teacherId: 'tina', name: 'Tina Drums', email: TEACHER_EMAIL, timeZone: 'Europe/Berlin' },
  });
  const { position } = await runTeacher(server.backend, 'tina', {
    type: 'SetAvailability',
    data: { slots: [{ weekday: 2, start: '17:00' }] },
  });
  await server.backend.projections.waitFor(position!);
  // Zara's slots overlap, as availability could be set before the overlap rule.
  await runTeacher(server.backend, 'zara', {
    type: 'AddTeacher',
    data: { teacherId: 'zara', name: 'Zara Beats', email: 'zara@example.com', timeZone: 'Europe/Berlin' },
  });
  const legacy = await server.backend.store.appendToStream(teacherStreamId('zara'), [
    {
      type: 'TeacherAvailabilitySet',
      data: { slots: ['17:00', '17:30'].map((start) => ({ weekday: 2, start })), setAt: START },
      metadata: { schemaVersion: 1, time: START },
    },
  ]);
  await server.backend.projections.waitFor(legacy.position);
});
afterAll(() => server.close());

const exclusive = async (at = START) => {
  server.setNow(at);
  const drummer = await registerDrummer(server);
  await subscribe(server, drummer.customerId, 'exclusive');
  return drummer;
};
const book = (drummer: Drummer, startsAt: string, teacherId = 'tina') =>
  drummer.api.post('/api/teacher-lessons', { teacherId, startsAt }, BERLIN);

describe('teacher lessons', () => {
  it('other tiers get a 403 with what the exclusive tier adds; no login is a 401', async () => {
    expect((await fetch(`${server.url}/api/teacher-lessons`)).status).toBe(401);
    const drummer = await registerDrummer(server);
    await subscribe(server, drummer.customerId, 'premium');
    for (const response of [
      await drummer.api.get('/api/teacher-lessons', BERLIN),
      await book(drummer, TUESDAY),
    ]) {
      expect(response.status).toBe(403);
      expect(response.json).toMatchObject({
        message: 'Teacher lessons come with the Exclusive plan.',
        upsell: {
          tier: 'exclusive',
          link: '/pricing',
          features: expect.arrayContaining([
            '4 online lessons with the teacher per year (one every 3 months)',
          ]),
        },
      });
    }
  });

  it('an exclusive customer books a free slot, one per quarter; both sides get the .ics', async () => {
    const drummer = await exclusive();
    const listed = await drummer.api.get('/api/teacher-lessons', BERLIN);
    expect(listed.status).toBe(200);
    const tina = (listed.json as { teachers: { name: string; slots: { startsAt: string }[] }[] })
      .teachers[0]!;
    expect(tina.name).toBe('Tina Drums');
    expect(tina.slots.slice(0, 2).map((slot) => slot.startsAt)).toEqual([
      '2026-03-17T16:00:00.000Z',
      '2026-03-24T16:00:00.000Z',
    ]);

    const booked = await book(drummer, TUESDAY);
    expect(booked.status, booked.text).toBe(201);
    expect(booked.json).toMatchObject({ teacherId: 'tina', startsAt: TUESDAY, quarter: '2026-Q1' });
    const again = await book(drummer, NEXT_TUESDAY);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      message: 'You have booked your teacher lesson of 2026 Q1 already: one lesson per quarter.',
    });
    // April is another quarter.
    expect((await book(drummer, '2026-04-07T15:00:00.000Z')).status).toBe(201);

    const { email } = server.backend.readModels.get<{ email: string }>(
      'customer_directory',
      drummer.customerId,
    )!;
    for (const to of [email, TEACHER_EMAIL]) {
      const mail = (await mailsTo(server.backend.config.dataDir, to)).find((m) =>
        m.attachments.some((a) =>
          a.content.toString().includes(`UID:${(booked.json as { bookingId: string }).bookingId}`),
        ),
      );
      expect(mail, to).toBeDefined();
      const ics = mail!.attachments[0]!.content.toString();
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain('DTSTART:20260317T160000Z');
      expect(ics).toMatch(/DURATION:PT45M|DTEND:20260317T164500Z/);
    }
  });

  it('never double-books a slot, even for two customers at once; past and unknown slots are refused', async () => {
    const [ann, ben] = [await exclusive(), await exclusive()];
    const slot = '2026-03-31T15:00:00.000Z'; // Tuesday 17:00 in summer time
    const results = await Promise.all([book(ann, slot), book(ben, slot)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.json).toEqual({
      message: 'This slot has just been booked by someone else. Please choose another.',
    });
    // The loser's credit came back: they can book another slot of the quarter.
    const loserDrummer = results[0]!.status === 409 ? ann : ben;
    expect((await loserDrummer.api.get('/api/teacher-lessons', BERLIN)).json).toMatchObject({
      quartersUsed: [],
    });

    expect((await book(ann, '2026-03-16T07:00:00.000Z')).status).toBe(400);
    expect((await book(ann, '2026-03-18T16:00:00.000Z')).status).toBe(400); // a Wednesday
    expect((await book(ann, TUESDAY, 'nobody')).status).toBe(404);
    for (const body of [{}, { teacherId: 'tina', startsAt: 'tomorrow' }, { teacherId: 5, startsAt: TUESDAY }])
      expect((await ann.api.post('/api/teacher-lessons', body, BERLIN)).status).toBe(400);
  });

  it('frees the slots of an erased account, even within 24 hours, and tells the teacher', async () => {
    const drummer = await exclusive('2026-03-22T08:00:00.000Z');
    const slot = '2026-04-21T15:00:00.000Z';
    expect((await book(drummer, slot)).status).toBe(201);
    expect((await drummer.api.delete('/api/delete/account')).status).toBe(200);
    // The teacher is told, without the erased customer's name or address.
    const mails = await mailsTo(server.backend.config.dataDir, TEACHER_EMAIL);
    const told = mails.find(
      (m) => m.subject === 'Teacher lesson cancelled: Tuesday, 21 April 2026 at 17:00 (Europe/Berlin)',
    );
    expect(told?.text).toContain('with a Stickwork drummer');
    expect(told?.text).not.toContain('Ringo');
    const other = await exclusive('2026-03-22T08:00:00.000Z');
    expect((await book(other, slot)).status).toBe(201);
  });

  it('cancels up to 24 hours before: the credit returns and both sides get the cancellation', async () => {
    const drummer = await exclusive('2026-03-22T08:00:00.000Z');
    const slot = '2026-04-14T15:00:00.000Z';
    const { bookingId } = (await book(drummer, slot)).json as { bookingId: string };
    const cancelled = await drummer.api.delete(`/api/teacher-lessons/${bookingId}`, BERLIN);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({ quartersUsed: [], bookings: [] });
    const mails = await mailsTo(server.backend.config.dataDir, TEACHER_EMAIL);
    expect(mails.some((m) => m.attachments.some((a) => a.content.toString().includes('METHOD:CANCEL')))).toBe(
      true,
    );

    expect((await book(drummer, slot)).status).toBe(201);
    const rebooked = (await book(drummer, NEXT_TUESDAY)).json as { bookingId: string };
    server.setNow('2026-03-23T17:00:00.000Z'); // 23 hours before
    const late = await drummer.api.delete(`/api/teacher-lessons/${rebooked.bookingId}`, BERLIN);
    expect(late.status).toBe(409);
    expect(late.json).toEqual({ message: 'A lesson can be cancelled up to 24 hours before it starts.' });
    expect((await drummer.api.delete('/api/teacher-lessons/unknown', BERLIN)).status).toBe(404);
  });
});

describe('overlapping lessons', () => {
  const overlaps = 'This slot overlaps a lesson booked with this teacher. Please choose another.';
  // Tuesday 7 April 2026, 17:00 and 17:30 in Berlin.
  const [five, halfPast] = ['2026-04-07T15:00:00.000Z', '2026-04-07T15:30:00.000Z'];

  it('a booking is refused when it overlaps a booked lesson, and the overlapped slot is no longer offered', async () => {
    const [ann, ben] = [await exclusive(), await exclusive()];
    expect((await book(ann, five, 'zara')).status).toBe(201);
    const refused = await book(ben, halfPast, 'zara');
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ message: overlaps });
    const view = (await ben.api.get('/api/teacher-lessons', BERLIN)).json as {
      quartersUsed: string[];
      teachers: { teacherId: string; slots: { startsAt: string }[] }[];
    };
    expect(view.quartersUsed).toEqual([]); // the refused slot never touched the credit
    const zara = view.teachers.find((teacher) => teacher.teacherId === 'zara')!;
    expect(zara.slots.map((slot) => slot.startsAt)).not.toContain(halfPast);
    expect(zara.slots.map((slot) => slot.startsAt)).toContain('2026-04-14T15:30:00.000Z');
  });

  it('of two customers booking overlapping slots at once, one wins and the other keeps the credit', async () => {
    const [ann, ben] = [await exclusive(), await exclusive()];
    const [first, second] = ['2026-04-14T15:00:00.000Z', '2026-04-14T15:30:00.000Z'];
    const results = await Promise.all([book(ann, first, 'zara'), book(ben, second, 'zara')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results[0]!.status === 409 ? ann : ben;
    expect((await loser.api.get('/api/teacher-lessons', BERLIN)).json).toMatchObject({ quartersUsed: [] });
  });
});

describe('the booking process cut short', () => {
  const later = (minutes: number) => new Date(server.now().getTime() + minutes * 60_000).toISOString();
  const quartersUsed = async (drummer: Drummer) =>
    ((await drummer.api.get('/api/teacher-lessons', BERLIN)).json as { quartersUsed: string[] }).quartersUsed;
  const creditEvents = async (drummer: Drummer) =>
    (await server.backend.store.readStream(lessonCreditsStreamId(drummer.customerId))).map((event) => ({
      type: event.type,
      reason: (event.data as { reason?: string }).reason,
    }));
  const slot = '2026-05-05T15:00:00.000Z'; // Tuesday 17:00 in Berlin, 2026 Q2

  it('a credit held without its lesson (a crash after the first append) is returned by the sweep, once', async () => {
    const drummer = await exclusive('2026-04-01T08:00:00.000Z');
    // What a crash right after the credit's append leaves: the credit held, the slot not booked.
    await runCredits(server.backend, drummer.customerId, {
      type: 'UseLessonCredit',
      data: { bookingId: 'cut-short', quarter: '2026-Q2', teacherId: 'tina', startsAt: slot },
    });
    await server.backend.projections.catchUp();
    expect(await quartersUsed(drummer)).toEqual(['2026-Q2']);
    // A booking may still be under way: left alone.
    server.setNow(later(UNFINISHED_BOOKING_MINUTES - 1));
    expect(await settleTeacherBookings(server.backend)).toBe(0);
    expect(await quartersUsed(drummer)).toEqual(['2026-Q2']);
    server.setNow(later(1));
    expect(await settleTeacherBookings(server.backend)).toBe(1);
    expect(await settleTeacherBookings(server.backend)).toBe(0);
    expect(await creditEvents(drummer)).toEqual([
      { type: 'LessonCreditUsed', reason: undefined },
      { type: 'LessonCreditReturned', reason: 'booking_unfinished' },
    ]);
    expect(await quartersUsed(drummer)).toEqual([]);
    // The late second append of that booking is refused: its hold is over.
    await expect(
      runTeacher(server.backend, 'tina', {
        type: 'BookTeacherLesson',
        data: {
          bookingId: 'cut-short',
          customerId: drummer.customerId,
          startsAt: new Date(slot),
          heldSince: new Date('2026-04-01T08:00:00.000Z'),
        },
      }),
    ).rejects.toThrow('This booking took too long. Please try again.');
    expect((await book(drummer, slot)).status).toBe(201);
  });

  it('a booked lesson whose credit was not confirmed is completed; a cancellation cut short returns the credit', async () => {
    const drummer = await exclusive('2026-04-01T08:00:00.000Z');
    const other = '2026-05-12T15:00:00.000Z';
    const held = await runCredits(server.backend, drummer.customerId, {
      type: 'UseLessonCredit',
      data: { bookingId: 'no-confirm', quarter: '2026-Q2', teacherId: 'tina', startsAt: other },
    });
    await runTeacher(server.backend, 'tina', {
      type: 'BookTeacherLesson',
      data: {
        bookingId: 'no-confirm',
        customerId: drummer.customerId,
        startsAt: new Date(other),
        heldSince: new Date(held.state.used['2026-Q2']!.usedAt),
      },
    });
    await server.backend.projections.catchUp();
    // Completed at once: nothing is under way once the slot is booked.
    expect(await settleTeacherBookings(server.backend)).toBe(1);
    expect(await settleTeacherBookings(server.backend)).toBe(0);
    expect((await creditEvents(drummer)).map((event) => event.type)).toEqual([
      'LessonCreditUsed',
      'LessonCreditConfirmed',
    ]);
    // The lesson is cancelled, and the process stops before the credit's return.
    await runTeacher(server.backend, 'tina', {
      type: 'CancelTeacherLesson',
      data: { bookingId: 'no-confirm', customerId: drummer.customerId },
    });
    await server.backend.projections.catchUp();
    server.setNow(later(UNFINISHED_BOOKING_MINUTES));
    expect(await settleTeacherBookings(server.backend)).toBe(1);
    expect((await creditEvents(drummer)).at(-1)).toEqual({
      type: 'LessonCreditReturned',
      reason: 'lesson_cancelled',
    });
    expect(await quartersUsed(drummer)).toEqual([]);
  });
  it('a lesson that lands after its credit went back is cancelled by the sweep, once, and both sides are told', async () => {
    const drummer = await exclusive('2026-04-01T08:00:00.000Z');
    const lateSlot = '2026-05-19T15:00:00.000Z';
    await runCredits(server.backend, drummer.customerId, {
      type: 'UseLessonCredit',
      data: { bookingId: 'landed-late', quarter: '2026-Q2', teacherId: 'tina', startsAt: lateSlot },
    });
    await server.backend.projections.catchUp();
    server.setNow(later(UNFINISHED_BOOKING_MINUTES));
    expect(await settleTeacherBookings(server.backend)).toBe(1);
    // The slot's append, decided within the hold, commits only now (a store that stalled).
    const landed = await server.backend.store.appendToStream(teacherStreamId('tina'), [
      {
        type: 'TeacherLessonBooked',
        data: {
          bookingId: 'landed-late',
          customerId: drummer.customerId,
          startsAt: lateSlot,
          bookedAt: '2026-04-01T08:01:00.000Z',
        },
        metadata: { schemaVersion: 1, time: server.now().toISOString() },
      },
    ]);
    await server.backend.projections.waitFor(landed.position);
    // Settling credits finds nothing: the credit is back, the lesson is booked without one.
    expect(await settleTeacherBookings(server.backend)).toBe(0);

    expect(await cancelLessonsWithoutCredit(server.backend)).toBe(1);
    expect(await cancelLessonsWithoutCredit(server.backend)).toBe(0);
    const cancelled = (await server.backend.store.readStream(teacherStreamId('tina'))).filter(
      (event) => event.type === 'TeacherLessonCancelled',
    );
    expect(cancelled.at(-1)?.data).toMatchObject({
      bookingId: 'landed-late',
      startsAt: lateSlot,
      reason: 'booking_unfinished',
    });
    expect(await creditEvents(drummer)).toEqual([
      { type: 'LessonCreditUsed', reason: undefined },
      { type: 'LessonCreditReturned', reason: 'booking_unfinished' },
    ]);
    const view = (await drummer.api.get('/api/teacher-lessons', BERLIN)).json as {
      quartersUsed: string[];
      bookings: unknown[];
      teachers: { teacherId: string; slots: { startsAt: string }[] }[];
    };
    expect(view.quartersUsed).toEqual([]);
    expect(view.bookings).toEqual([]);
    expect(view.teachers.find((t) => t.teacherId === 'tina')!.slots.map((slot) => slot.startsAt)).toContain(
      lateSlot,
    );
    const email = server.backend.readModels.get<{ email: string }>(
      'customer_directory',
      drummer.customerId,
    )!.email;
    for (const to of [email, TEACHER_EMAIL]) {
      const mails = await mailsTo(server.backend.config.dataDir, to);
      expect(
        mails.some((mail) =>
          mail.attachments.some((a) => {
            const ics = a.content.toString('utf8');
            return ics.includes('METHOD:CANCEL') && ics.includes('landed-late');
          }),
        ),
        to,
      ).toBe(true);
    }
  });
});

describe('the booking horizon, the plan and the erasure', () => {
  // Uma teaches every day at 18:00 in Berlin (16:00 UTC in summer).
  const UMA_EMAIL = 'uma.teacher@example.com';
  const umaBook = (drummer: Drummer, startsAt: string) => book(drummer, startsAt, 'uma');
  const teacherEvents = async (type: string) =>
    (await server.backend.store.readStream(teacherStreamId('uma'))).filter((event) => event.type === type);
  const customerEmail = (drummer: Drummer) =>
    server.backend.readModels.get<{ email: string }>('customer_directory', drummer.customerId)!.email;
  /** Every part of the mail decoded (the .ics too), folded calendar lines joined. */
  const mailText = (mail: ParsedMail) =>
    [mail.text ?? '', ...mail.attachments.map((a) => a.content.toString('utf8'))]
      .join('\n')
      .replace(/\r?\n[ \t]/g, '');

  beforeAll(async () => {
    server.setNow('2026-04-01T08:00:00.000Z');
    await runTeacher(server.backend, 'uma', {
      type: 'AddTeacher',
      data: { teacherId: 'uma', name: 'Uma Snare', email: UMA_EMAIL, timeZone: 'Europe/Berlin' },
    });
    const { position } = await runTeacher(server.backend, 'uma', {
      type: 'SetAvailability',
      data: { slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '18:00' })) },
    });
    await server.backend.projections.waitFor(position!);
  });

  it("takes only the 8 weeks the page offers: later slots, years ahead and the calendar's last second are a 400", async () => {
    const drummer = await exclusive('2026-04-01T08:00:00.000Z');
    const horizon = { message: 'Lessons can be booked up to 8 weeks ahead. Please choose an offered slot.' };
    for (const startsAt of [
      '9999-12-31T23:59:59Z', // 10000-01-01 in Berlin
      '9999-06-04T16:00:00Z',
      '2032-06-04T16:00:00Z',
      '2026-05-28T16:00:00Z', // the first day after the 8 weeks
    ]) {
      const refused = await umaBook(drummer, startsAt);
      expect(refused.status, startsAt).toBe(400);
      expect(refused.json, startsAt).toEqual(horizon);
    }
    const view = (await drummer.api.get('/api/teacher-lessons', BERLIN)).json as {
      teachers: { teacherId: string; slots: { startsAt: string }[] }[];
    };
    const last = view.teachers.find((teacher) => teacher.teacherId === 'uma')!.slots.at(-1)!.startsAt;
    expect(last).toBe('2026-05-27T16:00:00.000Z');
    expect((await umaBook(drummer, last)).status).toBe(201);
  });

  it('books only lessons before a scheduled end of the plan; when the plan ends, its future lessons go with their credits', async () => {
    const drummer = await exclusive('2026-04-01T08:00:00.000Z');
    await runCustomerCommand(
      server.backend,
      drummer.customerId,
      { type: 'ScheduleCancellation', data: { cancelAt: '2026-04-20T00:00:00.000Z' } },
      { now: server.now() },
    );
    // The page offers only lessons that end by then (the last: 19 April, 18:00 in Berlin).
    const offered = (await drummer.api.get('/api/teacher-lessons', BERLIN)).json as {
      teachers: { teacherId: string; slots: { startsAt: string }[] }[];
    };
    expect(offered.teachers.find((teacher) => teacher.teacherId === 'uma')!.slots.at(-1)!.startsAt).toBe(
      '2026-04-19T16:00:00.000Z',
    );
    const afterEnd = await umaBook(drummer, '2026-04-25T16:00:00.000Z');
    expect(afterEnd.status).toBe(400);
    expect(afterEnd.json).toEqual({
      message: 'Your Exclusive plan ends on 2026-04-20: please choose a lesson before then.',
    });
    const slot = '2026-04-10T16:00:00.000Z';
    const { bookingId } = (await umaBook(drummer, slot)).json as { bookingId: string };
    expect(bookingId).toBeDefined();

    // The plan ends (here the end a failed payment's grace brings, before the scheduled date).
    server.setNow('2026-04-05T08:00:00.000Z');
    const ended = await runCustomerCommand(
      server.backend,
      drummer.customerId,
      { type: 'EndSubscription', data: {} },
      { now: server.now() },
    );
    await server.backend.projections.waitFor(ended.position!);
    expect(await releaseLessonsOfEndedPlans(server.backend)).toBe(1);
    expect(await releaseLessonsOfEndedPlans(server.backend)).toBe(0);

    expect((await teacherEvents('TeacherLessonCancelled')).map((event) => event.data)).toContainEqual(
      expect.objectContaining({ bookingId, reason: 'plan_ended', startsAt: slot }),
    );
    const credits = await server.backend.store.readStream(lessonCreditsStreamId(drummer.customerId));
    expect(credits.at(-1)).toMatchObject({
      type: 'LessonCreditReturned',
      data: { bookingId, reason: 'plan_ended' },
    });
    const subject = 'Teacher lesson cancelled: Friday, 10 April 2026 at 18:00 (Europe/Berlin)';
    for (const to of [UMA_EMAIL, customerEmail(drummer)])
      expect(
        (await mailsTo(server.backend.config.dataDir, to)).map((mail) => mail.subject),
        to,
      ).toContain(subject);
    // The slot is free again.
    expect((await umaBook(await exclusive('2026-04-05T08:00:00.000Z'), slot)).status).toBe(201);
  });

  it("an erasure removes the teacher's mail that names the customer, tells the teacher, and refuses a booking under way", async () => {
    const drummer = await exclusive('2026-04-01T08:00:00.000Z');
    const email = customerEmail(drummer);
    const slot = '2026-04-14T16:00:00.000Z';
    const { bookingId } = (await umaBook(drummer, slot)).json as { bookingId: string };
    const aboutCustomer = async () =>
      (await mailsTo(server.backend.config.dataDir, UMA_EMAIL)).filter((mail) =>
        mailText(mail).toLowerCase().includes(email.toLowerCase()),
      );
    // The teacher's copy names the customer: their name in the text, and in the .ics their address
    // (ATTENDEE;CN=...:mailto:...).
    expect((await aboutCustomer()).map((mail) => mail.subject)).toEqual([
      'Teacher lesson booked: Tuesday, 14 April 2026 at 18:00 (Europe/Berlin)',
    ]);

    expect((await drummer.api.delete('/api/delete/account')).status).toBe(200);

    expect(await aboutCustomer()).toEqual([]);
    const told = (await mailsTo(server.backend.config.dataDir, UMA_EMAIL)).find(
      (mail) => mail.subject === 'Teacher lesson cancelled: Tuesday, 14 April 2026 at 18:00 (Europe/Berlin)',
    );
    expect(told?.text).toContain('with a Stickwork drummer');
    expect(mailText(told!)).toContain('METHOD:CANCEL');
    expect(mailText(told!)).not.toContain('Ringo');
    expect((await teacherEvents('TeacherLessonCancelled')).map((event) => event.data)).toContainEqual(
      expect.objectContaining({ bookingId, reason: 'account_erased' }),
    );
    // A booking that had passed the login before the erasure can neither take a credit nor a slot.
    await expect(
      runCredits(server.backend, drummer.customerId, {
        type: 'UseLessonCredit',
        data: { bookingId: 'late', quarter: '2026-Q2', teacherId: 'uma', startsAt: slot },
      }),
    ).rejects.toThrow('This account has been deleted.');
    await expect(
      runTeacher(server.backend, 'uma', {
        type: 'BookTeacherLesson',
        data: {
          bookingId: 'late',
          customerId: drummer.customerId,
          startsAt: new Date(slot),
          heldSince: server.now(),
        },
      }),
    ).rejects.toThrow('This account has been deleted.');
    // The closed credit stream stays, so nothing can start it again under the erased id.
    const credits = await server.backend.store.readStream(lessonCreditsStreamId(drummer.customerId));
    expect(credits.at(-1)?.type).toBe('LessonCreditsClosed');
  });
});

describe('where a teacher lesson happens, and when it is night for the drummer', () => {
  const MONA_EMAIL = 'mona.teacher@example.com';
  const MONA_LINK = 'https://meet.example.com/mona-drums';
  const NYLA_EMAIL = 'nyla.teacher@example.com';
  // Mona teaches on Wednesdays 18:00 Berlin time; Nyla on Tuesdays 19:30 in New York.
  const WEDNESDAY = '2026-03-18T17:00:00.000Z';
  type View = {
    teachers: { teacherId: string; slots: { startsAt: string; night: boolean }[] }[];
    bookings: { bookingId: string; meetingLink: string | null }[];
  };

  beforeAll(async () => {
    server.setNow(START);
    const add = async (
      teacherId: string,
      name: string,
      email: string,
      timeZone: string,
      start: string,
      weekday: number,
    ) => {
      await runTeacher(server.backend, teacherId, {
        type: 'AddTeacher',
        data: { teacherId, name, email, timeZone },
      });
      const { position } = await runTeacher(server.backend, teacherId, {
        type: 'SetAvailability',
        data: { slots: [{ weekday, start }] },
      });
      await server.backend.projections.waitFor(position!);
    };
    await add('mona', 'Mona Groove', MONA_EMAIL, 'Europe/Berlin', '18:00', 3);
    await add('nyla', 'Nyla Swing', NYLA_EMAIL, 'America/New_York', '19:30', 2);
  });

  /** The booking's mail to `to`, found by its calendar file's UID. */
  const bookingMail = async (to: string, bookingId: string) => {
    const mail = (await mailsTo(server.backend.config.dataDir, to)).find((m) =>
      m.attachments.some((a) => a.content.toString().includes(`UID:${bookingId}`)),
    );
    expect(mail, to).toBeDefined();
    return {
      text: mail!.text ?? '',
      html: String(mail!.html),
      // Long calendar lines are folded (a line break and a space): unfolded here.
      ics: mail!.attachments[0]!.content.toString().replace(/\r?\n[ \t]/g, ''),
    };
  };
  const emailOf = (drummer: Drummer) =>
    server.backend.readModels.get<{ email: string }>('customer_directory', drummer.customerId)!.email;

  it('without a meeting link says plainly that where the lesson happens is not set yet: no LOCATION, no URL', async () => {
    const drummer = await exclusive();
    const booked = await book(drummer, WEDNESDAY, 'mona');
    expect(booked.status, booked.text).toBe(201);
    const { bookingId } = booked.json as { bookingId: string };
    const view = (await drummer.api.get('/api/teacher-lessons', BERLIN)).json as View;
    expect(view.bookings).toEqual([expect.objectContaining({ bookingId, meetingLink: null })]);
    const customer = await bookingMail(emailOf(drummer), bookingId);
    expect(customer.text).toContain(
      "Where the lesson happens is not set yet: your teacher's meeting link will be on your Teacher Lessons page as soon as it is set.",
    );
    const teacher = await bookingMail(MONA_EMAIL, bookingId);
    expect(teacher.text).toContain(
      'Where the lesson happens is not set yet: no meeting link is set for you. Please ask the Stickwork team to set yours',
    );
    for (const { ics } of [customer, teacher]) {
      expect(ics).not.toMatch(/^LOCATION/m);
      expect(ics).not.toMatch(/^URL/m);
    }
  });

  it("with a meeting link shows it on the booked lesson, in both mails and as the .ics LOCATION and URL; the teacher's mail does not link to the customer's page", async () => {
    const { setTeacherMeetingLink } = await import('./teachers-service.js');
    await setTeacherMeetingLink(server.backend, 'mona', MONA_LINK);
    const drummer = await exclusive();
    const booked = await book(drummer, '2026-03-25T17:00:00.000Z', 'mona');
    expect(booked.status, booked.text).toBe(201);
    const { bookingId } = booked.json as { bookingId: string };
    const view = (await drummer.api.get('/api/teacher-lessons', BERLIN)).json as View;
    expect(view.bookings).toEqual([expect.objectContaining({ bookingId, meetingLink: MONA_LINK })]);

    const customer = await bookingMail(emailOf(drummer), bookingId);
    expect(customer.text).toContain(`Join the lesson here: ${MONA_LINK}`);
    expect(customer.text).toContain(`Your lessons: ${server.backend.config.publicUrl}/teacher-lessons`);
    expect(customer.html).toContain(`href="${MONA_LINK}"`);
    const teacher = await bookingMail(MONA_EMAIL, bookingId);
    expect(teacher.text).toContain(`Join the lesson here: ${MONA_LINK}`);
    expect(teacher.html).toContain(`href="${MONA_LINK}"`);
    // The customer's page is no use to the teacher (it needs the customer's login).
    for (const part of [teacher.text, teacher.html, teacher.ics])
      expect(part).not.toContain(`${server.backend.config.publicUrl}/teacher-lessons`);
    for (const { ics } of [customer, teacher]) {
      expect(ics).toMatch(new RegExp(`^LOCATION:${MONA_LINK}\\r?$`, 'm'));
      expect(ics).toMatch(new RegExp(`^URL:${MONA_LINK}\\r?$`, 'm'));
    }
  });

  it("marks a slot outside 07:00-22:00 of the drummer's zone as night: a New York 19:30 in Berlin, not in New York", async () => {
    const berliner = await exclusive();
    const nyla = (view: View) => view.teachers.find((teacher) => teacher.teacherId === 'nyla')!.slots[0]!;
    const inBerlin = nyla((await berliner.api.get('/api/teacher-lessons', BERLIN)).json as View);
    // 19:30 EDT on 17 March is 00:30 in Berlin (still winter time there).
    expect(inBerlin).toMatchObject({ startsAt: '2026-03-17T23:30:00.000Z', night: true });
    const newYorker = await exclusive();
    const inNewYork = nyla(
      (await newYorker.api.get('/api/teacher-lessons', { headers: { 'time-zone': 'America/New_York' } }))
        .json as View,
    );
    expect(inNewYork).toMatchObject({ startsAt: '2026-03-17T23:30:00.000Z', night: false });
    const mona = (await berliner.api.get('/api/teacher-lessons', BERLIN)).json as View;
    expect(mona.teachers.find((teacher) => teacher.teacherId === 'mona')!.slots[0]!.night).toBe(false);
  });
});
