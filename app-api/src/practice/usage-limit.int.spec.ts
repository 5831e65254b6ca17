import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceStreamId } from '@stickwork/domain';
import {
  registerDrummer,
  startPracticeServer,
  subscribe,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer();
});
afterAll(() => server.close());

const countedLessons = async (customerId: string) =>
  (await server.backend.store.readStream(practiceStreamId(customerId))).filter(
    (event) => event.type === 'UsageIncremented',
  ).length;

describe('the daily lesson limit on SQLite, under concurrency', () => {
  it('counts exactly 3 of 100 concurrent posts of a fresh freemium customer; the other 97 are 429', async () => {
    const drummer = await registerDrummer(server);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => drummer.api.post('/api/usage', { usageType: 'lesson' })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(97);
    for (const refused of responses.filter((response) => response.status === 429))
      expect(refused.json).toEqual({ message: 'Free lesson limit reached' });
    expect(
      responses
        .filter((response) => response.status === 201)
        .map((response) => (response.json as { lesson: { data_used: number } }).lesson.data_used)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(await countedLessons(drummer.customerId)).toBe(3);
    expect((await drummer.api.get('/api/usage')).json).toEqual({
      lesson: { data_used: 3 },
      lessonsLeftToday: 0,
    });
    const session = await drummer.api.post('/api/lesson/schedule', {
      skillPreference: [{ focus: 'timing', level: 'beginner' }],
      practiceTime: 30,
      padSufficient: false,
    });
    expect(session.status).toBe(429);
  });

  it('loses no concurrent post of a paid customer', async () => {
    const drummer = await registerDrummer(server);
    await subscribe(server, drummer.customerId, 'premium');
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => drummer.api.post('/api/usage', { usageType: 'lesson' })),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect(await countedLessons(drummer.customerId)).toBe(30);
    expect((await drummer.api.get('/api/usage')).json).toEqual({
      lesson: { data_used: 30 },
      lessonsLeftToday: null,
    });
  });
});
