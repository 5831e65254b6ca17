import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDayKey } from '@stickwork/domain';
import { weeklyGoalProjection } from '@stickwork/projections';
import {
  practiseAndRecordActivity,
  registerDrummer,
  startPracticeServer,
  type PracticeTestServer,
} from '../practice/testing/practice-fixtures.js';

// Monday 2026-03-02, 20:00 in Tokyo (11:00 UTC).
const START = '2026-03-02T11:00:00.000Z';
const TOKYO = { headers: { 'time-zone': 'Asia/Tokyo' } };
const DAY_MS = 86_400_000;

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer(START);
});
afterAll(() => server.close());

const at = (days: number, hours = 0) => new Date(Date.parse(START) + days * DAY_MS + hours * 3_600_000);

/** A drummer registered at START, whose login token is refreshed as the test clock moves on. */
const newDrummer = async () => {
  server.setNow(START);
  const drummer = await registerDrummer(server);
  let token = drummer.token;
  return {
    ...drummer,
    /** Moves the clock (days after START) and refreshes the login token (it lasts 7 days). */
    async goTo(days: number, hours = 0) {
      server.setNow(at(days, hours));
      const refreshed = await drummer.api.get('/api/authenticate/update-jwt', { token });
      expect(refreshed.status).toBe(200);
      token = (refreshed.json as { token: string }).token;
    },
    options: (headers: Record<string, string> = TOKYO.headers) => ({ token, headers }),
  };
};
type TestDrummer = Awaited<ReturnType<typeof newDrummer>>;

const practise = async (drummer: TestDrummer, days: number, hours = 0) => {
  await drummer.goTo(days, hours);
  const response = await practiseAndRecordActivity(
    server,
    drummer,
    15,
    { countLessonsPracticed: 1, practiceDurationMinutes: 15 },
    drummer.options(),
  );
  expect(response.status).toBe(201);
};

describe('GET/PUT /api/goal', () => {
  it('starts at 3 days a week with nothing practised', async () => {
    const drummer = await newDrummer();
    const response = await drummer.api.get('/api/goal', drummer.options());
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      today: '2026-03-02',
      timeZone: 'Asia/Tokyo',
      weeklyGoal: {
        daysPerWeek: 3,
        weekStart: '2026-03-02',
        weekEnd: '2026-03-08',
        practiceDays: 0,
        met: false,
        weeksMetInARow: 0,
      },
      streak: { current: 0, longest: 0, freezesHeld: 0, practiceDaysToNextFreeze: 7, frozenDays: [] },
    });
  });

  it('refuses a goal outside 1-7 whole days with a 400 naming the field', async () => {
    const drummer = await newDrummer();
    for (const body of [
      { daysPerWeek: 0 },
      { daysPerWeek: 8 },
      { daysPerWeek: 2.5 },
      { daysPerWeek: '3' },
      {},
      [],
    ]) {
      const response = await drummer.api.request('PUT', '/api/goal', body, drummer.options());
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof (response.json as { message: string }).message).toBe('string');
    }
    const response = await drummer.api.request('PUT', '/api/goal', { daysPerWeek: 0 }, drummer.options());
    expect(response.json).toMatchObject({ errors: { daysPerWeek: [expect.any(String)] } });
  });

  it("counts this week's practice days in the pinned zone, and a goal set mid-week judges that week", async () => {
    const drummer = await newDrummer();
    // Monday and Tuesday evening in Tokyo; Tuesday 23:30 UTC is Wednesday in Tokyo.
    await practise(drummer, 0);
    await practise(drummer, 1);
    await practise(drummer, 1, 12.5);
    const before = await drummer.api.get(
      '/api/goal',
      drummer.options({ 'time-zone': 'America/Los_Angeles' }),
    );
    // The zone was pinned to Tokyo by the first practice: another header does not move the days.
    expect(before.json).toMatchObject({
      timeZone: 'Asia/Tokyo',
      today: '2026-03-04',
      weeklyGoal: { daysPerWeek: 3, practiceDays: 3, met: true, weeksMetInARow: 1 },
      streak: { current: 3, longest: 3 },
    });
    const lowered = await drummer.api.request('PUT', '/api/goal', { daysPerWeek: 5 }, drummer.options());
    expect(lowered.status).toBe(200);
    expect(lowered.json).toMatchObject({
      weeklyGoal: { daysPerWeek: 5, practiceDays: 3, met: false, weeksMetInARow: 0 },
    });
    // Next week: last week (3 of 5) is not met; this week 1 day of 1 is.
    await drummer.goTo(7);
    await drummer.api.request('PUT', '/api/goal', { daysPerWeek: 1 }, drummer.options());
    await practise(drummer, 7);
    const next = await drummer.api.get('/api/goal', drummer.options());
    expect(next.json).toMatchObject({
      weeklyGoal: { daysPerWeek: 1, weekStart: '2026-03-09', practiceDays: 1, met: true, weeksMetInARow: 1 },
    });
  });

  it('spends earned freezes on missed days: 14 days, 2 missed, then practice again keeps a 15-day streak', async () => {
    const drummer = await newDrummer();
    for (let day = 0; day < 14; day++) await practise(drummer, day);
    await practise(drummer, 16);
    const response = await drummer.api.get('/api/goal', drummer.options());
    const first = '2026-03-02';
    expect(response.json).toMatchObject({
      today: shiftDayKey(first, 16),
      streak: {
        current: 15,
        longest: 15,
        freezesHeld: 0,
        frozenDays: [shiftDayKey(first, 14), shiftDayKey(first, 15)],
      },
    });
  });

  it('is erased with the account', async () => {
    const drummer = await newDrummer();
    await drummer.api.request('PUT', '/api/goal', { daysPerWeek: 6 }, drummer.options());
    const readGoal = () => server.backend.readModels.get(weeklyGoalProjection.name, drummer.customerId);
    expect(readGoal()).toEqual({ settings: [{ day: expect.any(String), daysPerWeek: 6 }] });
    expect((await drummer.api.delete('/api/delete/account')).status).toBe(200);
    expect(readGoal()).toBeUndefined();
  });
});
