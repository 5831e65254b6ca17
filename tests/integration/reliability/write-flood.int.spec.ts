import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonCreditsStreamId, practiceStreamId, teacherStreamId } from '@stickwork/domain';
import { addTeacher, setTeacherAvailability } from '@stickwork/app-api';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  runCustomerCommand,
  startTestServer,
  type TestServer,
} from '@stickwork/app-api/testing';
import { readOutbox } from '../../support/outbox.js';

/**
 * A flood of practice writes from one account (bounded: the limit and a few more): every practice
 * write route draws on one budget of 120 a minute per customer, kept in the shared limits table;
 * past it the answer is 429 with Retry-After and nothing is stored, and other customers write on.
 * Teacher lessons, each booking and cancellation mailed to the teacher, allow 20 changes a day.
 */
const LIMIT = 120;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const customer = async () => {
  const ip = nextClientIp();
  const { token } = await registerCustomer(apiClient(server, { ip }));
  const api = apiClient(server, { ip, token, headers: { 'time-zone': 'UTC' } });
  return { api, token, customerId: decodeJwtPayload(token).customerId as string };
};

const activity = { countLessonsPracticed: 1, practiceDurationMinutes: 5 };

describe('practice write flood', () => {
  it('answers 429 with Retry-After past 120 writes a minute over every practice route, storing nothing more', async () => {
    const flooder = await customer();
    // Mixed routes, one budget: activity, the weekly goal and reminders.
    for (let write = 0; write < LIMIT; write++) {
      const response =
        write % 3 === 0
          ? await flooder.api.post('/api/practiceActivity', activity)
          : write % 3 === 1
            ? await flooder.api.request('PUT', '/api/goal', { daysPerWeek: 3 })
            : await flooder.api.request('PUT', '/api/reminders', { enabled: false, days: [1], hour: 18 });
      expect(response.status, `write ${write + 1}`).toBeLessThan(300);
    }
    const stored = (await server.backend.store.readStream(practiceStreamId(flooder.customerId))).length;

    for (const [method, path, body] of [
      ['POST', '/api/practiceActivity', activity],
      ['POST', '/api/usage', { usageType: 'lesson' }],
      [
        'POST',
        '/api/focus',
        { skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }] },
      ],
      ['PUT', '/api/goal', { daysPerWeek: 4 }],
      ['DELETE', '/api/delete/customer-data', undefined],
    ] as const) {
      const response = await flooder.api.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(429);
      expect(response.json).toEqual({
        message: 'Too many practice updates. Please wait a minute and try again.',
      });
    }
    const timing = await fetch(`${server.url}/api/lesson/timing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': flooder.token, 'time-zone': 'UTC' },
      body: '{}',
    });
    expect(timing.status).toBe(429);
    const retryAfter = Number(timing.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await server.backend.store.readStream(practiceStreamId(flooder.customerId))).length).toBe(stored);

    // Reads stay open, and another customer writes as usual.
    expect((await flooder.api.get('/api/practiceActivity')).status).toBe(200);
    const other = await customer();
    expect((await other.api.post('/api/practiceActivity', activity)).status).toBe(201);
  });
});

describe("a teacher's inbox", () => {
  it('takes 20 bookings and cancellations a day from one customer, then 429 with Retry-After, nothing written or mailed', async () => {
    await addTeacher(server.backend, {
      teacherId: 'flo',
      name: 'Flo Floortom',
      email: 'flo@example.com',
      timeZone: 'UTC',
    });
    await setTeacherAvailability(
      server.backend,
      'flo',
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '12:00' })),
    );
    const booker = await customer();
    await runCustomerCommand(server.backend, booker.customerId, {
      type: 'StartSubscription',
      data: {
        tier: 'exclusive',
        period: 'yearly',
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    });
    const view = (await booker.api.get('/api/teacher-lessons')).json as {
      teachers: { teacherId: string; slots: { startsAt: string }[] }[];
    };
    // The last slot offered, weeks ahead: it can be cancelled, and booked again.
    const startsAt = view.teachers.find((teacher) => teacher.teacherId === 'flo')!.slots.at(-1)!.startsAt;
    let bookingId = '';
    for (let change = 0; change < 20; change++) {
      const response =
        change % 2 === 0
          ? await booker.api.post('/api/teacher-lessons', { teacherId: 'flo', startsAt })
          : await booker.api.delete(`/api/teacher-lessons/${bookingId}`);
      expect(response.status, `change ${change + 1}: ${response.text}`).toBeLessThan(300);
      if (change % 2 === 0) bookingId = (response.json as { bookingId: string }).bookingId;
    }
    const teacherEvents = (await server.backend.store.readStream(teacherStreamId('flo'))).length;
    const credits = (await server.backend.store.readStream(lessonCreditsStreamId(booker.customerId))).length;
    const mails = (await readOutbox(server.dataDir)).length;

    const refused = await fetch(`${server.url}/api/teacher-lessons`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': booker.token, 'time-zone': 'UTC' },
      body: JSON.stringify({ teacherId: 'flo', startsAt }),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: 'You can book or cancel teacher lessons 20 times a day. Please try again tomorrow.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const cancel = await booker.api.delete(`/api/teacher-lessons/${bookingId}`);
    expect(cancel.status).toBe(429);
    expect((await server.backend.store.readStream(teacherStreamId('flo'))).length).toBe(teacherEvents);
    expect((await server.backend.store.readStream(lessonCreditsStreamId(booker.customerId))).length).toBe(
      credits,
    );
    expect((await readOutbox(server.dataDir)).length).toBe(mails);
    // The page still shows the lessons.
    expect((await booker.api.get('/api/teacher-lessons')).status).toBe(200);
  });
});
