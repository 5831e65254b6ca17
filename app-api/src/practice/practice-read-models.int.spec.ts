import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue, LEVELS, maxLevelIndexFor, SKILLS } from '@stickwork/domain';
import {
  ALL_PROJECTIONS,
  customerReadModels,
  foldProjection,
  practiceActivityEntries,
  practiceProgressProjection,
  practiceHeatmapProjection,
  practiceUsageProjection,
  progressEntries,
  type PracticeHeatmapModel,
  type PracticeProgressModel,
} from '@stickwork/projections';
import {
  practiseFor,
  registerDrummer,
  startPracticeServer,
  subscribe,
  type Drummer,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

const START = '2026-03-10T09:00:00.000Z';
let server: PracticeTestServer;
const drummers: Drummer[] = [];
beforeAll(async () => {
  server = await startPracticeServer(START);
  for (let i = 0; i < 3; i++) drummers.push(await registerDrummer(server));
  await subscribe(server, drummers[2]!.customerId, 'premium');
});
afterAll(() => server.close());

const lessons = getCatalogue().filter((_, index) => index % 97 === 0);
const zone = fc.constantFrom('UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Asia/Tokyo', 'garbage');
const skillLevel = fc
  .constantFrom(...SKILLS)
  .chain((skill) =>
    fc.integer({ min: 0, max: maxLevelIndexFor(skill) }).map((i) => ({ skill, level: LEVELS[i]! })),
  );

/** One thing a customer does through the API. */
type Action = (drummer: Drummer) => Promise<unknown>;
const actionArb: fc.Arbitrary<{ name: string; act: Action }> = fc.oneof(
  fc.uniqueArray(skillLevel, { selector: (e) => e.skill, minLength: 1, maxLength: 8 }).map((ratings) => ({
    name: 'rate',
    act: (d: Drummer) =>
      d.api.post('/api/focus', {
        skillSelfRating: ratings.map(({ skill, level }) => ({
          skillName: skill,
          selected: level !== 'level not set',
          level,
        })),
      }),
  })),
  fc.tuple(skillLevel, fc.boolean()).map(([{ skill, level }, selected]) => ({
    name: 'patch',
    act: (d: Drummer) =>
      d.api.patch('/api/focus', { skillName: skill, selected: selected && level !== 'level not set', level }),
  })),
  fc.constantFrom(...SKILLS).map((skill) => ({
    name: 'level-up',
    act: (d: Drummer) => d.api.post('/api/focus/level-up', { skillName: skill }),
  })),
  fc
    .tuple(
      fc.constantFrom(...lessons),
      fc.constantFrom('too_easy', 'easy', 'challenging', 'hard', 'too_hard'),
      fc.boolean(),
    )
    .map(([lesson, ratingDifficulty, skipLesson]) => ({
      name: 'finish',
      act: (d: Drummer) =>
        d.api.post('/api/lesson/finishExercise', {
          lessonId: lesson.lesson_id,
          type: lesson.type,
          ratingDifficulty,
          skipLesson,
        }),
    })),
  zone.map((timeZone) => ({
    name: 'usage',
    act: (d: Drummer) =>
      d.api.post('/api/usage', { usageType: 'lesson' }, { headers: { 'time-zone': timeZone } }),
  })),
  fc
    .tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 90 }), zone)
    .map(([count, minutes, timeZone]) => ({
      name: 'activity',
      act: (d: Drummer) =>
        d.api.post(
          '/api/practiceActivity',
          { countLessonsPracticed: count, practiceDurationMinutes: minutes },
          { headers: { 'time-zone': timeZone } },
        ),
    })),
  fc
    .tuple(fc.constantFrom(...lessons), fc.integer({ min: 0, max: 1000 }), zone)
    .map(([lesson, permille, timeZone]) => ({
      name: 'timing',
      act: (d: Drummer) =>
        d.api.post(
          '/api/lesson/timing',
          {
            lessonId: lesson.lesson_id,
            input: 'microphone',
            bpm: 90,
            expected: 16,
            // Every note hit: any accuracy from 0 to 100 is one the judge could give.
            hits: 16,
            missed: 0,
            extra: 0,
            meanOffsetMs: -4,
            spreadMs: 3,
            accuracy: permille / 10,
          },
          { headers: { 'time-zone': timeZone } },
        ),
    })),
  fc.constant({ name: 'erase history', act: (d: Drummer) => d.api.delete('/api/delete/customer-data') }),
);

const scriptArb = fc.array(
  fc.record({
    who: fc.integer({ min: 0, max: 2 }),
    hoursLater: fc.integer({ min: 0, max: 12 }),
    action: actionArb,
  }),
  // At most 12 steps of 12 hours: the login tokens (7 days) stay valid.
  { minLength: 1, maxLength: 12 },
);

const readModelsNow = () =>
  new Map(ALL_PROJECTIONS.map(({ name }) => [name, server.backend.readModels.list(name)]));

describe('the read models on SQLite, fed through the API', () => {
  it('equal a fold of the events, answer the reads, and rebuild from position 0 to the same', async () => {
    await fc.assert(
      fc.asyncProperty(scriptArb, async (script) => {
        // Each run starts over at the same morning (days may repeat: the models must not care),
        // so the login tokens stay valid.
        server.setNow(START);
        for (const { who, hoursLater, action } of script) {
          server.setNow(new Date(server.now().getTime() + hoursLater * 3_600_000));
          const response = (await action.act(drummers[who]!)) as { status: number };
          expect(response.status, action.name).toBeLessThan(500);
        }
        const log = await server.backend.store.readAll();
        const live = readModelsNow();
        for (const projection of ALL_PROJECTIONS)
          expect(new Map(live.get(projection.name)!.map(({ key, state }) => [key, state]))).toEqual(
            foldProjection(projection, log),
          );

        for (const drummer of drummers) {
          const progress = foldProjection(practiceProgressProjection, log).get(drummer.customerId) as
            PracticeProgressModel | undefined;
          if (progress)
            expect((await drummer.api.get('/api/progress')).json).toEqual(progressEntries(progress));
          const heatmap = foldProjection(practiceHeatmapProjection, log).get(drummer.customerId) as
            PracticeHeatmapModel | undefined;
          expect((await drummer.api.get('/api/practiceActivity')).json).toEqual(
            heatmap ? practiceActivityEntries(heatmap) : [],
          );
        }

        for (const { name } of ALL_PROJECTIONS) await server.backend.projections.rebuild(name);
        expect(readModelsNow()).toEqual(live);
      }),
      { numRuns: 25 },
    );
  });
});

describe('one write, one transaction (issue 37)', () => {
  it("commits a practice write's read models with its events: folded when its append returns", async () => {
    const drummer = drummers[2]!;
    const { store, readModels } = server.backend;
    await server.backend.projections.catchUp();
    // Stopped: nothing but the append itself can fold the write before its append returns.
    await server.backend.projections.stop();
    const append = store.appendToStream;
    const seen: { position: number; checkpoints: ReadonlyMap<string, number>; usage: unknown }[] = [];
    store.appendToStream = async (...args) => {
      const result = await append(...args);
      seen.push({
        position: result.position,
        checkpoints: readModels.checkpoints(),
        usage: readModels.get(practiceUsageProjection.name, drummer.customerId),
      });
      return result;
    };
    try {
      const before = readModels.get(practiceUsageProjection.name, drummer.customerId);
      const counted = await drummer.api.post('/api/usage', { usageType: 'lesson' });
      expect(counted.status).toBe(201);
      expect(seen).toHaveLength(1);
      const [{ position, checkpoints, usage }] = seen as [(typeof seen)[number]];
      expect(new Set(checkpoints.values())).toEqual(new Set([position]));
      expect(checkpoints.size).toBe(ALL_PROJECTIONS.length);
      expect(usage).not.toEqual(before);
    } finally {
      store.appendToStream = append;
      server.backend.projections.start();
    }
  });
});

describe('deleting an account', () => {
  it('scrubs every read model of that customer, now and after a rebuild', async () => {
    server.setNow(START);
    const leaving = await registerDrummer(server);
    await leaving.api.post('/api/focus', {
      skillSelfRating: [{ skillName: 'timing', selected: true, level: 'pro' }],
    });
    await leaving.api.post('/api/usage', { usageType: 'lesson' });
    // Twenty minutes on a lesson by the practice clock, so the activity below is recorded.
    await practiseFor(server, leaving, 20, { focus: 'timing', level: 'pro' });
    const lesson = lessons.find(
      (candidate) => candidate.focus === 'timing' && candidate.type === 'exercise',
    )!;
    await leaving.api.post('/api/lesson/finishExercise', {
      lessonId: lesson.lesson_id,
      type: 'exercise',
      ratingDifficulty: 'easy',
      skipLesson: false,
    });
    await leaving.api.post('/api/practiceActivity', {
      countLessonsPracticed: 1,
      practiceDurationMinutes: 20,
    });
    const take = { input: 'midi', bpm: 100, expected: 16, hits: 16, missed: 0, extra: 0 };
    await leaving.api.post('/api/lesson/timing', {
      ...take,
      lessonId: lessons[0]!.lesson_id,
      meanOffsetMs: 5,
      spreadMs: 2,
      accuracy: 97,
    });
    await leaving.api.request('PUT', '/api/goal', { daysPerWeek: 4 });
    await leaving.api.request('PUT', '/api/reminders', { enabled: true, days: [1, 3], hour: 18 });
    const { readModels, projections } = server.backend;
    // Every read model keyed by the customer has them; teachers' schedules are keyed by teacher and
    // lesson credits need the exclusive tier (both erased in app-api/src/teacher-lessons' tests).
    const byCustomer = ALL_PROJECTIONS.filter(
      ({ name }) => name !== 'teacher_schedules' && name !== 'lesson_credits',
    );
    for (const { name } of byCustomer)
      expect(customerReadModels(readModels, name, leaving.customerId), name).not.toEqual([]);

    expect((await leaving.api.delete('/api/delete/account')).status).toBe(200);
    for (const { name } of ALL_PROJECTIONS)
      expect(customerReadModels(readModels, name, leaving.customerId), name).toEqual([]);
    for (const { name } of ALL_PROJECTIONS) await projections.rebuild(name);
    for (const { name } of ALL_PROJECTIONS)
      expect(customerReadModels(readModels, name, leaving.customerId), name).toEqual([]);
    expect(JSON.stringify(ALL_PROJECTIONS.map(({ name }) => readModels.list(name)))).not.toContain(
      leaving.customerId,
    );
    expect((await leaving.api.get('/api/progress')).status).toBe(401);
  });
});
