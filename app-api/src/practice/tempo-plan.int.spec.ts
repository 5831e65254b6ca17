import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCatalogue,
  lessonTempoRange,
  tempoStep,
  type PracticeSchedule,
  type TempoPlan,
} from '@stickwork/domain';
import {
  registerDrummer,
  startPracticeServer,
  timingTakeRequest,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer('2026-04-01T09:00:00.000Z');
});
afterAll(() => server.close());

const timingLesson = getCatalogue().find(
  (lesson) => lesson.focus === 'timing' && lesson.type === 'exercise',
)!;

const take = timingTakeRequest;

describe('GET /api/lesson/tempo-plan', () => {
  it("answers the catalogue's tempo before any take, then follows the takes", async () => {
    const drummer = await registerDrummer(server);
    const path = `/api/lesson/tempo-plan?lessonId=${timingLesson.lesson_id}`;
    const before = await drummer.api.get(path);
    expect(before.status).toBe(200);
    expect((before.json as TempoPlan).basis).toEqual({ kind: 'catalogue' });
    expect(before.json).toMatchObject({ lessonId: timingLesson.lesson_id, startBpm: timingLesson.start_bpm });

    const bpm = timingLesson.start_bpm;
    await drummer.api.post('/api/lesson/timing', take(timingLesson.lesson_id, bpm, 92, 'play-1'));
    const after = await drummer.api.get(path);
    expect(after.json).toEqual({
      lessonId: timingLesson.lesson_id,
      startBpm: bpm + tempoStep(bpm),
      targetBpm: bpm + 2 * tempoStep(bpm),
      basis: { kind: 'takes', bpm, accuracy: 92, takes: 1, ratedTooHard: false },
    });

    // Rated too hard after a poor take of the next play: lower, whatever came before.
    await drummer.api.post('/api/lesson/timing', take(timingLesson.lesson_id, bpm, 60, 'play-2'));
    await drummer.api.post('/api/lesson/finishExercise', {
      lessonId: timingLesson.lesson_id,
      playId: 'play-2',
      type: 'exercise',
      ratingDifficulty: 'too_hard',
      skipLesson: false,
    });
    const lowered = (await drummer.api.get(path)).json as TempoPlan;
    expect(lowered.startBpm).toBe(Math.max(lessonTempoRange(bpm).min, Math.round(bpm * 0.85)));
    expect(lowered.basis).toMatchObject({ kind: 'takes', ratedTooHard: true, accuracy: 60 });

    // Deleting the practice history forgets the takes: the catalogue's tempo again.
    expect((await drummer.api.delete('/api/delete/customer-data')).status).toBe(200);
    expect((await drummer.api.get(path)).json).toMatchObject({
      startBpm: timingLesson.start_bpm,
      basis: { kind: 'catalogue' },
    });
  });

  it('answers 400 for a malformed lesson id, 404 for an unknown one, 401 without a login', async () => {
    const drummer = await registerDrummer(server);
    expect((await drummer.api.get('/api/lesson/tempo-plan?lessonId=abc')).status).toBe(400);
    expect((await drummer.api.get('/api/lesson/tempo-plan')).status).toBe(400);
    const unknown = await drummer.api.get('/api/lesson/tempo-plan?lessonId=999999999');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'There is no lesson with id 999999999.' });
    expect((await server.api.get('/api/lesson/tempo-plan?lessonId=1')).status).toBe(401);
  });
});

describe('The schedule after lessons played well', () => {
  it("brings the lessons back when due, each at its tempo plan's start, one step above the tempo played", async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post('/api/focus', {
      skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }],
    });
    const request = {
      skillPreference: [{ focus: 'timing', level: 'beginner' }],
      practiceTime: 20,
      padSufficient: false,
    };
    const at = '2026-04-02T09:00:00.000Z';
    server.setNow(at);
    const first = (await drummer.api.post('/api/lesson/schedule', request)).json as PracticeSchedule;
    for (const [i, lesson] of first.lessons.entries()) {
      await drummer.api.post('/api/lesson/timing', take(lesson.lesson_id, lesson.start_bpm, 95, `p${i}`));
      await drummer.api.post('/api/lesson/finishExercise', {
        lessonId: lesson.lesson_id,
        playId: `p${i}`,
        type: lesson.type,
        ratingDifficulty: 'challenging',
        skipLesson: false,
      });
    }
    // Played at 95 %, each lesson is due again 4 days later, and comes back one step faster.
    server.setNow('2026-04-06T09:00:00.000Z');
    const again = (await drummer.api.post('/api/lesson/schedule', request)).json as PracticeSchedule;
    const before = new Map(first.lessons.map((lesson) => [lesson.lesson_id, lesson.start_bpm]));
    const returned = again.lessons.filter(
      (lesson) => lesson.type === 'exercise' && before.has(lesson.lesson_id),
    );
    expect(returned.length).toBeGreaterThan(0);
    for (const lesson of returned) {
      const played = before.get(lesson.lesson_id)!;
      const planned = Math.min(lessonTempoRange(played).max, played + tempoStep(played));
      expect(lesson.start_bpm, lesson.name).toBe(planned);
      expect(lesson.tempo_plan?.basis).toEqual({
        kind: 'takes',
        bpm: played,
        accuracy: 95,
        takes: 1,
        ratedTooHard: false,
      });
    }
    for (const lesson of again.lessons.filter((entry) => entry.type !== 'limit_reached')) {
      const plan = (await drummer.api.get(`/api/lesson/tempo-plan?lessonId=${lesson.lesson_id}`))
        .json as TempoPlan;
      expect(plan.startBpm, lesson.name).toBe(lesson.start_bpm);
    }
  });
});
