import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleCommand,
  teacherDecider,
  teacherEventSchemaVersions,
  teacherStreamId,
  type TeacherCommand,
} from '@stickwork/domain';
import { mailsTo } from '../accounts/testing/account-fixtures.js';
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
  const run = (command: Omit<TeacherCommand, 'metadata'>) =>
    handleCommand(server.backend.store, teacherStreamId('tina'), teacherDecider, teacherEventSchemaVersions, {
      ...command,
      metadata: { now: server.now() },
    } as TeacherCommand);
  await run({
    type: 'AddTeacher',
    data: { teacherId: 'tina', name: 'Tina Drums', email: TEACHER_EMAIL, timeZone: 'Europe/Berlin' },
  });
  const { position } = await run({
    type: 'SetAvailability',
    data: { slots: [{ weekday: 2, start: '17:00' }] },
  });
  await server.backend.projections.waitFor(position!);
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
    const slot = '2026-06-02T15:00:00.000Z';
    expect((await book(drummer, slot)).status).toBe(201);
    expect((await drummer.api.delete('/api/delete/account')).status).toBe(200);
    // The teacher is told, without the erased customer's name or address.
    const mails = await mailsTo(server.backend.config.dataDir, TEACHER_EMAIL);
    const told = mails.find(
      (m) => m.subject === 'Teacher lesson cancelled: Tuesday, 2 June 2026 at 17:00 (Europe/Berlin)',
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
