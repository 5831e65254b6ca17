import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue, practiceStreamId, type LessonHistoryRow } from '@stickwork/domain';
import {
  registerDrummer,
  startPracticeServer,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

let server: PracticeTestServer;
beforeAll(async () => {
  // 23:30 in UTC is already the next day in Tokyo.
  server = await startPracticeServer('2026-03-10T23:30:00.000Z');
});
afterAll(() => server.close());

const TOKYO = { 'time-zone': 'Asia/Tokyo' };
const timingLesson = getCatalogue().find(
  (lesson) => lesson.focus === 'timing' && lesson.type === 'exercise',
)!;
const grooveLesson = getCatalogue().find(
  (lesson) => lesson.focus === 'grooves' && lesson.type === 'exercise',
)!;
const warmUp = getCatalogue().find((lesson) => lesson.type === 'warm_up')!;

const take = (lessonId: number, accuracy = 91.5) => ({
  lessonId,
  input: 'midi',
  bpm: 96,
  expected: 32,
  hits: 31,
  missed: 1,
  extra: 0,
  meanOffsetMs: 15.2,
  spreadMs: 7.4,
  accuracy,
});

describe('POST /api/lesson/timing', () => {
  it('records a take on the customer stream and answers it with the skill, the time and the day', async () => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.post('/api/lesson/timing', take(timingLesson.lesson_id), {
      headers: TOKYO,
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      ...take(timingLesson.lesson_id),
      playId: null,
      byPosition: [],
      focus: 'timing',
      scoredAt: '2026-03-10T23:30:00.000Z',
      day: '2026-03-11',
    });
    const stream = await server.backend.store.readStream(practiceStreamId(drummer.customerId));
    expect(stream.map((event) => event.type)).toContain('TimingScored');
  });

  it('takes warm-ups and microphone takes', async () => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.post('/api/lesson/timing', {
      ...take(warmUp.lesson_id),
      input: 'microphone',
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ focus: 'warm_up', input: 'microphone', day: '2026-03-10' });
  });

  it('answers bad input with a 400 naming the field, and records nothing', async () => {
    const drummer = await registerDrummer(server);
    const cases: [unknown, string][] = [
      [{ ...take(timingLesson.lesson_id), bpm: 300 }, 'bpm must be less than or equal to 250'],
      [{ ...take(timingLesson.lesson_id), missed: 5 }, 'missed hits and missed must add up to expected'],
      [{ ...take(timingLesson.lesson_id), input: 'keyboard' }, 'input must be one of [midi, microphone]'],
      [{ ...take(timingLesson.lesson_id), accuracy: -1 }, 'accuracy must be greater than or equal to 0'],
      [{ ...take(timingLesson.lesson_id), playId: 'a b' }, 'playId must be 1-64 letters, digits, - or _'],
      [[1, 2], 'input must be an object'],
    ];
    for (const [body, message] of cases) {
      const response = await drummer.api.post('/api/lesson/timing', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json).toMatchObject({ message });
    }
    expect(await server.backend.store.readStream(practiceStreamId(drummer.customerId))).toEqual([]);
  });

  it('answers 404 for a lesson the catalogue does not have', async () => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.post('/api/lesson/timing', take(999_999_999));
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ message: 'There is no lesson with id 999999999.' });
  });

  it('needs a login token', async () => {
    for (const [method, path] of [
      ['POST', '/api/lesson/timing'],
      ['GET', '/api/lesson-history'],
    ] as const) {
      const response = await server.api.request(
        method,
        path,
        method === 'POST' ? take(timingLesson.lesson_id) : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('GET /api/lesson-history', () => {
  it("lists the customer's own lessons, newest first, with name, day, rating and best take, by skill", async () => {
    const drummer = await registerDrummer(server);
    const other = await registerDrummer(server);
    server.setNow('2026-03-10T23:30:00.000Z');
    await drummer.api.post('/api/lesson/timing', take(timingLesson.lesson_id, 72), { headers: TOKYO });
    server.setNow('2026-03-10T23:35:00.000Z');
    await drummer.api.post('/api/lesson/timing', take(timingLesson.lesson_id, 88.5), { headers: TOKYO });
    server.setNow('2026-03-10T23:40:00.000Z');
    const finished = await drummer.api.post('/api/lesson/finishExercise', {
      lessonId: timingLesson.lesson_id,
      type: 'exercise',
      ratingDifficulty: 'easy',
      skipLesson: false,
    });
    expect(finished.status).toBe(200);
    server.setNow('2026-03-10T23:50:00.000Z');
    await drummer.api.post('/api/lesson/finishExercise', {
      lessonId: grooveLesson.lesson_id,
      type: 'exercise',
      ratingDifficulty: 'hard',
      skipLesson: false,
    });
    await other.api.post('/api/lesson/timing', take(grooveLesson.lesson_id, 50));

    const all = await drummer.api.get('/api/lesson-history', { headers: TOKYO });
    expect(all.status).toBe(200);
    const rows = all.json as LessonHistoryRow[];
    expect(rows).toEqual([
      {
        lessonId: grooveLesson.lesson_id,
        name: grooveLesson.name,
        focus: 'grooves',
        day: '2026-03-11',
        playedAt: '2026-03-10T23:50:00.000Z',
        rating: 'hard',
        skipped: false,
        takes: 0,
        best: null,
      },
      {
        lessonId: timingLesson.lesson_id,
        name: timingLesson.name,
        focus: 'timing',
        day: '2026-03-11',
        playedAt: '2026-03-10T23:40:00.000Z',
        rating: 'easy',
        skipped: false,
        takes: 2,
        best: { input: 'midi', bpm: 96, accuracy: 88.5, meanOffsetMs: 15.2, spreadMs: 7.4 },
      },
    ]);

    // Without a zone the day is UTC's.
    const utc = (await drummer.api.get('/api/lesson-history?skill=timing')).json as LessonHistoryRow[];
    expect(utc.map((row) => [row.lessonId, row.day])).toEqual([[timingLesson.lesson_id, '2026-03-10']]);
    expect((await drummer.api.get('/api/lesson-history?skill=warm_up')).json).toEqual([]);
    const others = (await other.api.get('/api/lesson-history')).json as LessonHistoryRow[];
    expect(others.map((row) => [row.lessonId, row.best?.accuracy])).toEqual([[grooveLesson.lesson_id, 50]]);
  });

  it('joins a take to the evaluation of its play, even when the take comes after the rating', async () => {
    const drummer = await registerDrummer(server);
    server.setNow('2026-03-10T23:30:00.000Z');
    const rate = (playId: string) =>
      drummer.api.post('/api/lesson/finishExercise', {
        lessonId: timingLesson.lesson_id,
        playId,
        type: 'exercise',
        ratingDifficulty: 'challenging',
        skipLesson: false,
      });
    expect((await rate('play-1')).status).toBe(200);
    server.setNow('2026-03-10T23:31:00.000Z');
    const late = await drummer.api.post('/api/lesson/timing', {
      ...take(timingLesson.lesson_id, 93),
      playId: 'play-1',
    });
    expect(late.json).toMatchObject({ playId: 'play-1' });
    server.setNow('2026-03-10T23:40:00.000Z');
    await drummer.api.post('/api/lesson/timing', { ...take(timingLesson.lesson_id, 61), playId: 'play-2' });
    await rate('play-2');

    const rows = (await drummer.api.get('/api/lesson-history')).json as LessonHistoryRow[];
    expect(rows.map(({ playId, rating, takes, best }) => [playId, rating, takes, best?.accuracy])).toEqual([
      ['play-2', 'challenging', 1, 61],
      ['play-1', 'challenging', 1, 93],
    ]);
  });

  it('answers 400 for an unknown skill', async () => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.get('/api/lesson-history?skill=cowbell');
    expect(response.status).toBe(400);
    expect((response.json as { message: string }).message).toMatch(/^skill must be one of \[beginner_course/);
  });

  it('is empty after DELETE /api/delete/customer-data', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post('/api/lesson/timing', take(timingLesson.lesson_id));
    expect((await drummer.api.get('/api/lesson-history')).json).toHaveLength(1);
    expect((await drummer.api.delete('/api/delete/customer-data')).status).toBe(200);
    expect((await drummer.api.get('/api/lesson-history')).json).toEqual([]);
  });
});
