import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue, type PracticeSchedule, type WeakSpot } from '@stickwork/domain';
import { snareRushingFourTake } from '@stickwork/domain/testing';
import {
  registerDrummer,
  startPracticeServer,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer('2026-05-01T09:00:00.000Z');
});
afterAll(() => server.close());

const groove = getCatalogue().find((lesson) => lesson.focus === 'grooves' && lesson.type === 'exercise')!;

/** A take of a groove: a steady hi-hat and snare, the bass drum on the "&" late by `lateMs`. */
const grooveTake = (lateMs: number) => ({
  lessonId: groove.lesson_id,
  input: 'midi',
  bpm: 90,
  expected: 32,
  hits: 32,
  missed: 0,
  extra: 0,
  meanOffsetMs: 5,
  spreadMs: 7,
  accuracy: 88,
  byPosition: [
    { voice: 'hi_hat', position: '1', strokes: 16, meanOffsetMs: 2, spreadMs: 4 },
    { voice: 'bass_drum', position: '&', strokes: 8, meanOffsetMs: lateMs, spreadMs: 5 },
    { voice: 'snare', position: '1', strokes: 8, meanOffsetMs: 0, spreadMs: 3 },
  ],
});

describe('GET /api/timing/weak-spots', () => {
  it('lists what stands out over the latest takes (a steady hi-hat does not), and the schedule works on it', async () => {
    const drummer = await registerDrummer(server);
    expect((await drummer.api.get('/api/timing/weak-spots')).json).toEqual([]);
    for (const [day, late] of [
      // Within the login's week; the trend over weeks is the domain's (weak-spots.unit.spec.ts).
      ['2026-05-01', 20],
      ['2026-05-02', 19],
      ['2026-05-05', 17],
      ['2026-05-06', 16],
    ] as const) {
      server.setNow(`${day}T09:00:00.000Z`);
      const recorded = await drummer.api.post('/api/lesson/timing', grooveTake(late));
      expect(recorded.status).toBe(201);
      expect(recorded.json).toMatchObject({ byPosition: grooveTake(late).byPosition });
    }
    const response = await drummer.api.get('/api/timing/weak-spots');
    expect(response.status).toBe(200);
    expect(response.json as WeakSpot[]).toEqual([
      {
        voice: 'bass_drum',
        position: '&',
        meanOffsetMs: 18,
        spreadMs: 5,
        strokes: 32,
        takes: 4,
        trend: 'new',
      },
    ]);

    await drummer.api.post('/api/focus', {
      skillSelfRating: [{ skillName: 'grooves', selected: true, level: 'beginner' }],
    });
    const schedule = (
      await drummer.api.post('/api/lesson/schedule', {
        skillPreference: [{ focus: 'grooves', level: 'beginner' }],
        practiceTime: 30,
        padSufficient: false,
      })
    ).json as PracticeSchedule;
    const aimed = schedule.lessons.filter((lesson) => lesson.weak_spot);
    expect(aimed).toHaveLength(1);
    expect(aimed[0]?.weak_spot?.reason).toBe("For your weak spot: your bass drum on the '&' drags 18 ms");
  });

  it('names the one beat of the bar that stands out, from takes that count beats: the snare on 4', async () => {
    const drummer = await registerDrummer(server);
    for (let i = 0; i < 8; i++)
      expect(
        (await drummer.api.post('/api/lesson/timing', snareRushingFourTake(groove.lesson_id))).status,
      ).toBe(201);
    const spots = (await drummer.api.get('/api/timing/weak-spots')).json as WeakSpot[];
    expect(spots).toEqual([
      {
        voice: 'snare',
        position: '1',
        beat: 4,
        meanOffsetMs: -24,
        spreadMs: 3,
        strokes: 32,
        takes: 8,
        trend: 'new',
      },
    ]);
  });

  it('forgets them with the practice history, and needs a login', async () => {
    const drummer = await registerDrummer(server);
    for (let i = 0; i < 4; i++) await drummer.api.post('/api/lesson/timing', grooveTake(25));
    expect((await drummer.api.get('/api/timing/weak-spots')).json).toHaveLength(1);
    expect((await drummer.api.delete('/api/delete/customer-data')).status).toBe(200);
    expect((await drummer.api.get('/api/timing/weak-spots')).json).toEqual([]);
    expect((await server.api.get('/api/timing/weak-spots')).status).toBe(401);
  });

  it('refuses figures per position that are not a take: a pair twice, an unknown voice, strokes not the hits', async () => {
    const drummer = await registerDrummer(server);
    const take = grooveTake(10);
    const cases: [unknown, string][] = [
      [
        { ...take, byPosition: [...take.byPosition, take.byPosition[0]] },
        'byPosition must not contain the same voice and position twice',
      ],
      [
        { ...take, byPosition: [{ ...take.byPosition[0], voice: 'triangle' }] },
        'byPosition.0.voice must be one of',
      ],
      [
        { ...take, byPosition: take.byPosition.slice(1) },
        'byPosition strokes must add up to hits (16, not 32)',
      ],
      [
        {
          ...take,
          byPosition: [
            { ...take.byPosition[0], beats: [{ beat: 1, strokes: 15, meanOffsetMs: 2, spreadMs: 4 }] },
            ...take.byPosition.slice(1),
          ],
        },
        "byPosition.0.beats strokes must add up to the position's strokes",
      ],
      [
        {
          ...take,
          byPosition: [
            {
              ...take.byPosition[0],
              beats: [1, 1].map((beat) => ({ beat, strokes: 8, meanOffsetMs: 2, spreadMs: 4 })),
            },
            ...take.byPosition.slice(1),
          ],
        },
        'byPosition.0.beats must not contain the same beat twice',
      ],
      [
        {
          ...take,
          byPosition: [
            { ...take.byPosition[0], beats: [{ beat: 17, strokes: 16, meanOffsetMs: 2, spreadMs: 4 }] },
            ...take.byPosition.slice(1),
          ],
        },
        'byPosition.0.beats.0.beat must be less than or equal to 16',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await drummer.api.post('/api/lesson/timing', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.json as { message: string }).message).toContain(message);
    }
  });
});
