import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lessonCreditsStreamId,
  loadState,
  teacherDecider,
  teacherEventSchemaVersions,
  teacherStreamId,
} from '@stickwork/domain';
import { addTeacher, setTeacherAvailability } from '@stickwork/app-api';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  runCustomerCommand,
  startTestServer,
  type ApiResponse,
  type TestServer,
} from '@stickwork/app-api/testing';
import { decodedMailText, readOutbox } from '../../support/outbox.js';

/**
 * The reliability suite's teacher bookings, on the real server and clock: an account deleted while
 * its bookings are under way (20 requests 3 ms apart, the deletion 20 ms in) keeps no lesson, and
 * the teacher gets a cancellation for each that was booked; a booking years ahead, or at the last
 * second of the calendar in a zone where it is already year 10000, is a 400 with its message.
 */
const ROUNDS = 5;
const BOOKINGS = 20;
const APART_MS = 3;
const ERASE_AFTER_MS = 20;
const HORIZON = 'Lessons can be booked up to 8 weeks ahead. Please choose an offered slot.';
const DAILY = (start: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start }));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await addTeacher(server.backend, {
    teacherId: 'rae',
    name: 'Rae Rimshot',
    email: 'rae@example.com',
    timeZone: 'UTC',
  });
  await setTeacherAvailability(server.backend, 'rae', [...DAILY('12:00'), ...DAILY('18:00')]);
  // 14 hours ahead of UTC: the last second of 9999 is 10000-01-01 there.
  await addTeacher(server.backend, {
    teacherId: 'kiri',
    name: 'Kiri Cowbell',
    email: 'kiri@example.com',
    timeZone: 'Pacific/Kiritimati',
  });
  await setTeacherAvailability(server.backend, 'kiri', DAILY('18:00'));
});
afterAll(() => server.close());

type View = { teachers: { teacherId: string; slots: { startsAt: string; quarter: string }[] }[] };

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

const exclusiveCustomer = async () => {
  const ip = nextClientIp();
  const { token, email } = await registerCustomer(apiClient(server, { ip }));
  const customerId = decodeJwtPayload(token).customerId as string;
  await runCustomerCommand(server.backend, customerId, {
    type: 'StartSubscription',
    data: { tier: 'exclusive', period: 'yearly', status: 'active', currentPeriodEnd: inAYear() },
  });
  const api = apiClient(server, { ip, token, headers: { 'time-zone': 'UTC' } });
  const view = (await api.get('/api/teacher-lessons')).json as View;
  const slotsOf = (teacherId: string) => view.teachers.find((t) => t.teacherId === teacherId)!.slots;
  return { customerId, email: email as string, api, slotsOf };
};

const teacherState = async (teacherId: string) => {
  const state = await loadState(
    server.backend.store,
    teacherStreamId(teacherId),
    teacherDecider,
    teacherEventSchemaVersions,
  );
  if (state.status !== 'added') throw new Error(`no teacher ${teacherId}`);
  return state;
};

describe('teacher bookings racing an erasure', () => {
  it(`${ROUNDS} rounds of ${BOOKINGS} bookings with the deletion ${ERASE_AFTER_MS} ms in: no lesson stays, each booked one is cancelled and mailed`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const customer = await exclusiveCustomer();
      // One offered slot per quarter (the credits allow no more), sent later in each round so some
      // are under way when the deletion runs; the rest are slots of the weekly pattern years ahead,
      // one per quarter, as a client may send them.
      const offered = [
        ...new Map(customer.slotsOf('rae').map((slot) => [slot.quarter, slot.startsAt])).values(),
      ];
      const farAhead = Array.from({ length: BOOKINGS }, (_, index) =>
        new Date(Date.UTC(2030 + round * 5 + Math.floor(index / 4), (index % 4) * 3, 1, 12)).toISOString(),
      );
      const starts = farAhead.slice(0, BOOKINGS - offered.length);
      starts.splice(Math.min(round * 2, starts.length), 0, ...offered);

      const bookings: Promise<ApiResponse>[] = [];
      let erasure: Promise<ApiResponse> | undefined;
      for (const [index, startsAt] of starts.entries()) {
        if (erasure === undefined && index * APART_MS >= ERASE_AFTER_MS)
          erasure = customer.api.delete('/api/delete/account');
        bookings.push(customer.api.post('/api/teacher-lessons', { teacherId: 'rae', startsAt }));
        await sleep(APART_MS);
      }
      const answers = await Promise.all(bookings);
      expect((await erasure!).status, `round ${round}`).toBe(200);
      for (const answer of answers)
        expect([201, 400, 401, 409, 410], `round ${round}: ${answer.text}`).toContain(answer.status);

      // From the teacher's events: every lesson booked under the erased id is cancelled.
      const events = await server.backend.store.readStream(teacherStreamId('rae'));
      const ofCustomer = (type: string) =>
        events
          .filter((event) => event.type === type)
          .map((event) => event.data as { bookingId: string; customerId: string })
          .filter((data) => data.customerId === customer.customerId)
          .map((data) => data.bookingId);
      const booked = ofCustomer('TeacherLessonBooked');
      expect(ofCustomer('TeacherLessonCancelled').sort(), `round ${round}`).toEqual([...booked].sort());
      expect(
        Object.values((await teacherState('rae')).bookings).filter(
          (booking) => booking.customerId === customer.customerId,
        ),
        `round ${round}`,
      ).toEqual([]);
      // Nothing was written for the customer after their credits were closed.
      const credits = await server.backend.store.readStream(lessonCreditsStreamId(customer.customerId));
      expect(credits.at(-1)?.type, `round ${round}`).toBe('LessonCreditsClosed');

      // The teacher got a cancellation for each; no mail in the outbox names the customer.
      const outbox = await readOutbox(server.dataDir);
      const cancellations = outbox
        .map(decodedMailText)
        .filter((text) => text.includes('method:cancel') && text.includes('rae@example.com'));
      for (const bookingId of booked)
        expect(
          cancellations.some((text) => text.includes(`uid:${bookingId}@stickwork`)),
          `round ${round}: cancellation of ${bookingId}`,
        ).toBe(true);
      expect(
        outbox.filter((mail) => decodedMailText(mail).includes(customer.email.toLowerCase())),
        `round ${round}`,
      ).toEqual([]);
    }
  });
});

describe('bookings far ahead', () => {
  it("a slot years ahead, or at the calendar's last second, is a 400 with its message; nothing is written", async () => {
    const customer = await exclusiveCustomer();
    const lastOffered = customer.slotsOf('kiri').at(-1)!.startsAt;
    const dayAfter = new Date(Date.parse(lastOffered) + 86_400_000).toISOString();
    for (const [teacherId, startsAt] of [
      ['rae', '9999-06-04T18:00:00Z'], // a slot of the weekly pattern
      ['rae', '2032-06-04T12:00:00Z'],
      ['kiri', '9999-12-31T04:00:00Z'], // 18:00 on 31 December 9999 in Kiritimati
      ['kiri', '9999-12-31T23:59:59Z'], // 10000-01-01 in Kiritimati
      ['kiri', dayAfter], // the first slot past the 8 weeks offered
    ] as const) {
      const answer = await customer.api.post('/api/teacher-lessons', { teacherId, startsAt });
      expect(answer.status, `${teacherId} ${startsAt}: ${answer.text}`).toBe(400);
      expect(answer.json, startsAt).toEqual({ message: HORIZON });
    }
    expect(await server.backend.store.readStream(lessonCreditsStreamId(customer.customerId))).toEqual([]);
    expect(
      (await customer.api.post('/api/teacher-lessons', { teacherId: 'kiri', startsAt: lastOffered })).status,
    ).toBe(201);
  });
});
