import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue, practiceStreamId } from '@stickwork/domain';
import {
  registerDrummer,
  startPracticeServer,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

/**
 * POST /api/lesson/timing takes only figures the coach's judge could produce: a forged take cannot
 * shape the lesson history (the best accuracy, the plan that learns from takes).
 */
let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer('2026-03-10T12:00:00.000Z');
});
afterAll(() => server.close());

const lesson = getCatalogue().find((entry) => entry.focus === 'timing' && entry.type === 'exercise')!;
const take = (figures: Record<string, number>) => ({
  lessonId: lesson.lesson_id,
  input: 'midi',
  bpm: 96,
  meanOffsetMs: 3,
  spreadMs: 4,
  ...figures,
});

describe('the plausibility of a take', () => {
  it.each([
    [
      'nothing hit, 100 %',
      { expected: 16, hits: 0, missed: 16, extra: 0, accuracy: 100 },
      { accuracy: ['must be at most 0 with 0 of 16 notes hit and 0 extra strokes'] },
    ],
    [
      '60,000 extra strokes, 100 %',
      { expected: 16, hits: 16, missed: 0, extra: 60_000, accuracy: 100 },
      {
        extra: ['must be at most 128 (8 per expected note)'],
        accuracy: ['must be at most 0 with 16 of 16 notes hit and 60000 extra strokes'],
      },
    ],
    [
      'more accurate than its notes hit allow',
      { expected: 32, hits: 24, missed: 8, extra: 0, accuracy: 90 },
      { accuracy: ['must be at most 75 with 24 of 32 notes hit and 0 extra strokes'] },
    ],
    [
      'a false start of 4 notes at 100 % (shorter than a full take)',
      { expected: 4, hits: 4, missed: 0, extra: 0, accuracy: 100 },
      {
        expected: [
          'must be at least 16: a take counts from 16 notes judged, a shorter one is shown on the card and not recorded',
        ],
      },
    ],
    [
      'counts that do not add up',
      { expected: 16, hits: 16, missed: 3, extra: 0, accuracy: 90 },
      { missed: ['hits and missed must add up to expected'] },
    ],
  ])('answers 400 naming each field for %s, and records nothing', async (_kind, figures, errors) => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.post('/api/lesson/timing', take(figures));
    expect(response.status).toBe(400);
    expect((response.json as { errors: unknown }).errors).toEqual(errors);
    const [field, [first]] = Object.entries(errors)[0]!;
    expect((response.json as { message: string }).message).toBe(`${field} ${first}`);
    expect(await server.backend.store.readStream(practiceStreamId(drummer.customerId))).toEqual([]);
  });

  it('records the highest accuracy its notes allow', async () => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.post(
      '/api/lesson/timing',
      take({ expected: 16, hits: 12, missed: 4, extra: 2, accuracy: 68.8 }),
    );
    expect(response.status).toBe(201);
  });
});
