import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCatalogue,
  GAUGE_HINTS,
  levelIndex,
  practiceStreamId,
  SKILLS,
  type Exercise,
  type Level,
  type PracticeSchedule,
} from '@stickwork/domain';
import {
  practiseFor,
  registerDrummer,
  startPracticeServer,
  subscribe,
  type PracticeTestServer,
} from './testing/practice-fixtures.js';

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer('2026-03-10T12:00:00.000Z');
});
afterAll(() => server.close());

const BERLIN = { 'time-zone': 'Europe/Berlin' };

/** A catalogue lesson of a skill that counts at `level`. */
const lessonAt = (focus: Exercise['focus'], level: Level): Exercise => {
  const found = getCatalogue().find(
    (exercise) =>
      exercise.focus === focus &&
      exercise.type === 'exercise' &&
      levelIndex(exercise.min_level) <= levelIndex(level) &&
      levelIndex(level) <= levelIndex(exercise.max_level),
  );
  if (!found) throw new Error(`no ${focus} lesson at ${level}`);
  return found;
};
const warmUp = () => getCatalogue().find((exercise) => exercise.type === 'warm_up')!;

const rate = (entries: { skillName: string; selected: boolean; level: Level }[]) => ({
  skillSelfRating: entries,
});

describe('every route', () => {
  it('needs a login token', async () => {
    for (const [method, path] of [
      ['POST', '/api/lesson/schedule'],
      ['GET', '/api/focus'],
      ['PATCH', '/api/focus'],
      ['POST', '/api/focus/level-up'],
      ['GET', '/api/usage'],
      ['GET', '/api/lesson/progress'],
    ] as const) {
      const response = await server.api.request(method, path, method === 'GET' ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.json).toEqual({ message: 'User not authorized' });
    }
  });
});

describe('POST /api/lesson/schedule', () => {
  const request = {
    skillPreference: [{ focus: 'timing', level: 'beginner' }],
    practiceTime: 45,
    padSufficient: false,
  };

  it('answers a session from the catalogue: warm-ups first, then the chosen skill, recorded on the stream', async () => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.post('/api/lesson/schedule', request, { headers: BERLIN });
    expect(response.status).toBe(200);
    const schedule = response.json as PracticeSchedule;
    expect(schedule).toMatchObject({
      currentLessonIndex: 0,
      targetPracticeTime: 45,
      practiceTimeBeforeCurrentExercise: 0,
      evaluation: { rating_difficulty: 'challenging' },
    });
    expect(schedule.lessons[0]?.type).toBe('warm_up');
    const lessons = schedule.lessons.filter((lesson) => lesson.type === 'exercise');
    expect(lessons.length).toBeGreaterThan(0);
    expect(lessons.length).toBeLessThanOrEqual(3); // freemium: 3 lessons a day
    for (const lesson of lessons) {
      expect(lesson.focus).toBe('timing');
      expect(levelIndex(lesson.min_level)).toBeLessThanOrEqual(levelIndex('beginner'));
      expect(levelIndex(lesson.max_level)).toBeGreaterThanOrEqual(levelIndex('beginner'));
      expect(lesson).not.toHaveProperty('notation');
    }
    const minutes = schedule.lessons.reduce((sum, lesson) => sum + lesson.practice_time, 0);
    expect(minutes).toBeLessThanOrEqual(45);

    const stream = await server.backend.store.readStream(practiceStreamId(drummer.customerId));
    expect(stream.map((event) => event.type)).toEqual(['PracticeSessionScheduled']);
    expect(stream[0]?.data).toMatchObject({ lessonIds: schedule.lessons.map((lesson) => lesson.lesson_id) });
  });

  it('gives the same session for the same customer and instant, and another one later', async () => {
    const drummer = await registerDrummer(server);
    const ids = async () =>
      (
        (await drummer.api.post('/api/lesson/schedule', { ...request, practiceTime: 120 }))
          .json as PracticeSchedule
      ).lessons.map((lesson) => lesson.lesson_id);
    const first = await ids();
    expect(await ids()).toEqual(first);
    server.setNow(new Date(server.now().getTime() + 1000));
    expect(await ids()).not.toEqual(first);
  });

  it('ends a freemium session after the lessons left today with a limit_reached lesson', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post('/api/usage', { usageType: 'lesson' });
    await drummer.api.post('/api/usage', { usageType: 'lesson' });
    const schedule = (await drummer.api.post('/api/lesson/schedule', { ...request, practiceTime: 120 }))
      .json as PracticeSchedule;
    const types = schedule.lessons.map((lesson) => lesson.type);
    expect(types.filter((type) => type === 'exercise')).toHaveLength(1);
    expect(types.at(-1)).toBe('limit_reached');
  });

  it('answers 400 with the messages of product-spec §5 and §8', async () => {
    const drummer = await registerDrummer(server);
    const tooShort = await drummer.api.post('/api/lesson/schedule', { ...request, practiceTime: 5 });
    expect(tooShort.status).toBe(400);
    expect(tooShort.json).toMatchObject({
      message: 'Practice time must be between 10 and 360 minutes',
      errors: { practiceTime: ['Practice time must be between 10 and 360 minutes'] },
    });
    const noSkill = await drummer.api.post('/api/lesson/schedule', { ...request, skillPreference: [] });
    expect(noSkill.status).toBe(400);
    expect(noSkill.json).toMatchObject({ message: 'Please select at least one skill' });
    const notJson = await drummer.api.request('POST', '/api/lesson/schedule', undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });

  it('keeps freemium and basic to 2 skills without Drum Pad, and lets premium combine all with Drum Pad', async () => {
    const threeSkills = {
      skillPreference: [
        { focus: 'timing', level: 'beginner' },
        { focus: 'grooves', level: 'beginner' },
        { focus: 'hand_technique', level: 'beginner' },
      ],
      practiceTime: 60,
      padSufficient: false,
    };
    const drummer = await registerDrummer(server);
    for (const tier of ['freemium', 'basic'] as const) {
      if (tier === 'basic') await subscribe(server, drummer.customerId, 'basic');
      const tooMany = await drummer.api.post('/api/lesson/schedule', threeSkills);
      expect(tooMany.status, tier).toBe(400);
      expect((tooMany.json as { message: string }).message).toMatch(/at most 2 skills/);
      const pad = await drummer.api.post('/api/lesson/schedule', { ...request, padSufficient: true });
      expect(pad.status, tier).toBe(400);
      expect((pad.json as { message: string }).message).toMatch(/Drum Pad/);
    }
    const premium = await registerDrummer(server);
    await subscribe(server, premium.customerId, 'premium');
    const padSkills = ['timing', 'hand_speed', 'hand_technique'].map((focus) => ({
      focus,
      level: 'beginner',
    }));
    const all = await premium.api.post('/api/lesson/schedule', {
      ...threeSkills,
      skillPreference: padSkills,
      padSufficient: true,
    });
    expect(all.status).toBe(200);
    const lessons = (all.json as PracticeSchedule).lessons;
    expect(lessons.every((lesson) => lesson.pad_sufficient)).toBe(true);
    expect(lessons.some((lesson) => lesson.type === 'limit_reached')).toBe(false);
    expect(new Set(lessons.filter((l) => l.type === 'exercise').map((l) => l.focus))).toEqual(
      new Set(['timing', 'hand_speed', 'hand_technique']),
    );
    // Grooves need a kit: there is no Drum Pad lesson to schedule.
    const noPadLessons = await premium.api.post('/api/lesson/schedule', {
      ...threeSkills,
      padSufficient: true,
    });
    expect(noPadLessons.status).toBe(422);
    expect(noPadLessons.json).toEqual({ message: 'There are no Drum Pad lessons for Grooves yet.' });
  });

  it('answers 429 Free lesson limit reached when a freemium customer has no lesson left today (in their pinned zone)', async () => {
    const drummer = await registerDrummer(server);
    const kiritimati = { 'time-zone': 'Pacific/Kiritimati' }; // UTC+14: already tomorrow at noon UTC
    for (let i = 0; i < 3; i++)
      expect(
        (await drummer.api.post('/api/usage', { usageType: 'lesson' }, { headers: kiritimati })).status,
      ).toBe(201);
    const refused = await drummer.api.post('/api/lesson/schedule', request, { headers: kiritimati });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: 'Free lesson limit reached' });
    // The first write pinned Kiritimati: another zone header does not move the customer's day.
    for (const zone of ['UTC', 'Etc/GMT+12', '../../etc'])
      expect(
        (await drummer.api.post('/api/lesson/schedule', request, { headers: { 'time-zone': zone } })).status,
        zone,
      ).toBe(429);
    // The next day starts at midnight in Kiritimati: 10:00 UTC.
    server.setNow('2026-03-11T10:00:00.000Z');
    try {
      expect(
        (await drummer.api.post('/api/lesson/schedule', request, { headers: { 'time-zone': 'UTC' } })).status,
      ).toBe(200);
    } finally {
      server.setNow('2026-03-10T12:00:00.000Z');
    }
  });
});

describe('/api/focus', () => {
  it('starts with no skill chosen and every skill at level not set', async () => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.get('/api/focus');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      skillPreference: [],
      skillSelfRating: SKILLS.map((skillName) => ({ skillName, selected: false, level: 'level not set' })),
      selfRated: false,
    });
  });

  it('saves the self-rating of registration and answers the preferences', async () => {
    const drummer = await registerDrummer(server);
    const saved = await drummer.api.post(
      '/api/focus',
      rate([
        { skillName: 'beginner_course', selected: true, level: 'starter' },
        { skillName: 'timing', selected: true, level: 'advanced' },
        { skillName: 'grooves', selected: false, level: 'beginner' },
        { skillName: 'drum_fills', selected: false, level: 'level not set' },
      ]),
    );
    expect(saved.status).toBe(200);
    const focus = (await drummer.api.get('/api/focus')).json;
    expect(saved.json).toEqual(focus);
    expect(focus).toMatchObject({
      skillPreference: [
        { focus: 'beginner_course', level: 'starter' },
        { focus: 'timing', level: 'advanced' },
      ],
      selfRated: true,
    });
    expect((focus as { skillSelfRating: unknown[] }).skillSelfRating).toContainEqual({
      skillName: 'grooves',
      selected: false,
      level: 'beginner',
    });
  });

  it('refuses a selected skill without a level, a level beyond the skill and an unknown skill', async () => {
    const drummer = await registerDrummer(server);
    const unset = await drummer.api.post(
      '/api/focus',
      rate([{ skillName: 'timing', selected: true, level: 'level not set' }]),
    );
    expect(unset.status).toBe(400);
    expect(unset.json).toMatchObject({
      errors: { 'skillSelfRating.0.level': ['must be set for a selected skill'] },
    });
    const beyond = await drummer.api.patch('/api/focus', {
      skillName: 'beginner_course',
      selected: true,
      level: 'pro',
    });
    expect(beyond.status).toBe(400);
    expect(beyond.json).toMatchObject({ errors: { level: ['must be one of [level not set, starter]'] } });
    expect(
      (await drummer.api.patch('/api/focus', { skillName: 'cowbell', selected: true, level: 'pro' })).status,
    ).toBe(400);
    expect((await drummer.api.get('/api/focus')).json).toMatchObject({
      selfRated: false,
      skillPreference: [],
    });
  });

  it('PATCH changes one skill; a new level restarts its progress at 0', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post('/api/focus', rate([{ skillName: 'timing', selected: true, level: 'beginner' }]));
    const lesson = lessonAt('timing', 'beginner');
    await practiseFor(server, drummer, lesson.practice_time);
    await drummer.api.post('/api/lesson/finishExercise', {
      lessonId: lesson.lesson_id,
      type: 'exercise',
      ratingDifficulty: 'easy',
      skipLesson: false,
    });
    const timing = async () =>
      ((await drummer.api.get('/api/progress')).json as { skillName: string }[]).find(
        (e) => e.skillName === 'timing',
      );
    expect(await timing()).toEqual({ skillName: 'timing', skillLevel: 'beginner', levelProgress: 15 });

    const deselected = await drummer.api.patch('/api/focus', {
      skillName: 'timing',
      selected: false,
      level: 'beginner',
    });
    expect(deselected.status).toBe(200);
    expect(deselected.json).toMatchObject({ skillPreference: [] });
    expect(await timing()).toEqual({ skillName: 'timing', skillLevel: 'beginner', levelProgress: 15 });

    const changed = await drummer.api.patch('/api/focus', {
      skillName: 'timing',
      selected: true,
      level: 'pro',
    });
    expect(changed.json).toMatchObject({ skillPreference: [{ focus: 'timing', level: 'pro' }] });
    expect(await timing()).toEqual({ skillName: 'timing', skillLevel: 'pro', levelProgress: 0 });
  });

  it('raises a level by one only when level-up is offered', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post(
      '/api/focus',
      rate([
        { skillName: 'timing', selected: true, level: 'beginner' },
        { skillName: 'beginner_course', selected: true, level: 'starter' },
      ]),
    );
    const notYet = await drummer.api.post('/api/focus/level-up', { skillName: 'timing' });
    expect(notYet.status).toBe(409);
    expect(notYet.json).toEqual({ message: 'Level up is not offered for Timing.' });

    const lesson = lessonAt('timing', 'beginner');
    // Clicked through without practice: nothing moves, so no level-up either.
    for (let i = 0; i < 6; i++) {
      const clicked = await drummer.api.post('/api/lesson/finishExercise', {
        lessonId: lesson.lesson_id,
        type: 'exercise',
        ratingDifficulty: 'too_easy',
        skipLesson: false,
      });
      expect(clicked.json).toMatchObject({
        earned: false,
        levelUpOffered: false,
        progress: { levelProgress: 0 },
      });
    }
    expect((await drummer.api.post('/api/focus/level-up', { skillName: 'timing' })).status).toBe(409);
    for (let i = 0; i < 4; i++) {
      await practiseFor(server, drummer, lesson.practice_time);
      const finished = await drummer.api.post('/api/lesson/finishExercise', {
        lessonId: lesson.lesson_id,
        type: 'exercise',
        ratingDifficulty: 'too_easy',
        skipLesson: false,
      });
      expect(finished.json).toMatchObject({
        levelUpOffered: i === 3,
        progress: { levelProgress: 20 * (i + 1) },
      });
    }
    const raised = await drummer.api.post('/api/focus/level-up', { skillName: 'timing' });
    expect(raised.status).toBe(200);
    expect(raised.json).toEqual({ skillName: 'timing', skillLevel: 'advanced_beginner', levelProgress: 0 });
    expect((await drummer.api.post('/api/focus/level-up', { skillName: 'timing' })).status).toBe(409);
    expect((await drummer.api.post('/api/focus/level-up', { skillName: 'beginner_course' })).status).toBe(
      409,
    );
    expect((await drummer.api.post('/api/focus/level-up', { skillName: 'kazoo' })).status).toBe(400);
    expect((await drummer.api.get('/api/focus')).json).toMatchObject({
      skillPreference: [
        { focus: 'beginner_course', level: 'starter' },
        { focus: 'timing', level: 'advanced_beginner' },
      ],
    });
  });
});

describe('POST /api/lesson/finishExercise', () => {
  it('records the evaluation; a skipped (mastered) lesson as too_easy; progress follows practice', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post('/api/focus', rate([{ skillName: 'grooves', selected: true, level: 'beginner' }]));
    const lesson = lessonAt('grooves', 'beginner');
    const grooves = { focus: 'grooves', level: 'beginner' };
    await practiseFor(server, drummer, 0.05, grooves); // 3 s: no real practice
    const clicked = await drummer.api.post('/api/lesson/finishExercise', {
      lessonId: lesson.lesson_id,
      type: 'exercise',
      ratingDifficulty: 'easy',
      skipLesson: false,
    });
    expect(clicked.json).toEqual({
      lessonId: lesson.lesson_id,
      ratingDifficulty: 'easy',
      skipped: false,
      countedTowardProgress: false,
      earned: false,
      practisedSeconds: 3,
      masteryShown: false,
      progress: { skillName: 'grooves', skillLevel: 'beginner', levelProgress: 0 },
      levelUpOffered: false,
    });
    await practiseFor(server, drummer, lesson.practice_time, grooves);
    const rated = await drummer.api.post('/api/lesson/finishExercise', {
      lessonId: lesson.lesson_id,
      type: 'exercise',
      ratingDifficulty: 'hard',
      skipLesson: false,
    });
    expect(rated.status).toBe(200);
    expect(rated.json).toEqual({
      lessonId: lesson.lesson_id,
      ratingDifficulty: 'hard',
      skipped: false,
      countedTowardProgress: true,
      earned: true,
      practisedSeconds: lesson.practice_time * 60,
      masteryShown: false,
      progress: { skillName: 'grooves', skillLevel: 'beginner', levelProgress: 5 },
      levelUpOffered: false,
    });
    await practiseFor(server, drummer, lesson.practice_time, grooves);
    const skipped = await drummer.api.post('/api/lesson/finishExercise', {
      lessonId: lesson.lesson_id,
      type: 'exercise',
      ratingDifficulty: 'too_hard',
      skipLesson: true,
    });
    // "Mastered" without a take at the written tempo: skipped from now on, credited as practice (too easy).
    expect(skipped.json).toMatchObject({
      ratingDifficulty: 'too_easy',
      skipped: true,
      masteryShown: false,
      progress: { levelProgress: 25 },
    });
    const warm = warmUp();
    const warmedUp = await drummer.api.post('/api/lesson/finishExercise', {
      lessonId: warm.lesson_id,
      type: 'warm_up',
      ratingDifficulty: 'challenging',
      skipLesson: false,
    });
    expect(warmedUp.json).toMatchObject({
      countedTowardProgress: false,
      progress: null,
      levelUpOffered: false,
    });

    const evaluated = (await server.backend.store.readStream(practiceStreamId(drummer.customerId)))
      .filter((event) => event.type === 'LessonEvaluated')
      .map((event) => event.data as { ratingDifficulty: string; skipped: boolean });
    expect(evaluated.map(({ ratingDifficulty, skipped }) => [ratingDifficulty, skipped])).toEqual([
      ['easy', false],
      ['hard', false],
      ['too_easy', true],
      ['challenging', false],
    ]);
  });

  it('answers 404 for an unknown lesson and 400 for a bad body or a type that is not the lesson’s', async () => {
    const drummer = await registerDrummer(server);
    const body = { lessonId: 987_654_321, type: 'exercise', ratingDifficulty: 'easy', skipLesson: false };
    const unknown = await drummer.api.post('/api/lesson/finishExercise', body);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'There is no lesson with id 987654321.' });
    const bad = await drummer.api.post('/api/lesson/finishExercise', { ...body, ratingDifficulty: 'meh' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      errors: { ratingDifficulty: [expect.stringContaining('must be one of')] },
    });
    const wrongType = await drummer.api.post('/api/lesson/finishExercise', {
      ...body,
      lessonId: warmUp().lesson_id,
    });
    expect(wrongType.status).toBe(400);
    expect(await server.backend.store.readStream(practiceStreamId(drummer.customerId))).toEqual([]);
  });
});

describe('/api/usage', () => {
  it('counts lessons of the customer today and refuses the fourth on freemium, recording nothing', async () => {
    const drummer = await registerDrummer(server);
    expect((await drummer.api.get('/api/usage', { headers: BERLIN })).json).toEqual({
      lesson: { data_used: 0 },
      lessonsLeftToday: 3,
    });
    for (const used of [1, 2, 3]) {
      const counted = await drummer.api.post('/api/usage', { usageType: 'lesson' }, { headers: BERLIN });
      expect(counted.status).toBe(201);
      expect(counted.json).toEqual({ lesson: { data_used: used }, lessonsLeftToday: 3 - used });
    }
    const refused = await drummer.api.post('/api/usage', { usageType: 'lesson' }, { headers: BERLIN });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: 'Free lesson limit reached' });
    expect((await drummer.api.get('/api/usage', { headers: BERLIN })).json).toEqual({
      lesson: { data_used: 3 },
      lessonsLeftToday: 0,
    });
    const usage = (await server.backend.store.readStream(practiceStreamId(drummer.customerId))).filter(
      (event) => event.type === 'UsageIncremented',
    );
    expect(usage).toHaveLength(3);
  });

  it('starts a new day at midnight in the customer’s zone', async () => {
    const drummer = await registerDrummer(server);
    server.setNow('2026-03-10T03:00:00.000Z'); // 9 March in Los Angeles, 10 March in UTC and Kiritimati
    const losAngeles = { 'time-zone': 'America/Los_Angeles' };
    await drummer.api.post('/api/usage', { usageType: 'lesson' }, { headers: losAngeles });
    const usedIn = async (zone: string) =>
      (
        (await drummer.api.get('/api/usage', { headers: { 'time-zone': zone } })).json as {
          lesson: { data_used: number };
        }
      ).lesson.data_used;
    expect(await usedIn('America/Los_Angeles')).toBe(1);
    // The first write pinned Los Angeles: a later header names no other day.
    expect(await usedIn('Pacific/Kiritimati')).toBe(1);
    expect(await usedIn('Mars/Olympus')).toBe(1);
    server.setNow('2026-03-10T06:59:00.000Z'); // still 9 March in Los Angeles (UTC-7)
    expect(await usedIn('America/Los_Angeles')).toBe(1);
    server.setNow('2026-03-10T12:00:00.000Z');
    expect(await usedIn('America/Los_Angeles')).toBe(0);
  });

  it('never limits a paid plan', async () => {
    const drummer = await registerDrummer(server);
    await subscribe(server, drummer.customerId, 'basic');
    for (let i = 0; i < 5; i++)
      expect((await drummer.api.post('/api/usage', { usageType: 'lesson' })).status).toBe(201);
    expect((await drummer.api.get('/api/usage')).json).toEqual({
      lesson: { data_used: 5 },
      lessonsLeftToday: null,
    });
  });

  it('answers 400 for anything but a lesson', async () => {
    const drummer = await registerDrummer(server);
    const response = await drummer.api.post('/api/usage', { usageType: 'video' });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ errors: { usageType: ['must be one of [lesson]'] } });
  });
});

describe('/api/practiceActivity', () => {
  it('adds lessons and minutes per day, never more than the practice clock counted, and lists the days', async () => {
    const drummer = await registerDrummer(server);
    expect((await drummer.api.get('/api/practiceActivity')).json).toEqual([]);
    const lesson = lessonAt('timing', 'beginner');
    const practise = async (minutes: number) => {
      await practiseFor(server, drummer, minutes);
      await drummer.api.post('/api/lesson/finishExercise', {
        lessonId: lesson.lesson_id,
        type: 'exercise',
        ratingDifficulty: 'easy',
        skipLesson: false,
      });
    };
    // Nothing practised: nothing recorded, whatever is sent.
    const unpractised = await drummer.api.post(
      '/api/practiceActivity',
      { countLessonsPracticed: 13, practiceDurationMinutes: 13 },
      { headers: BERLIN },
    );
    expect(unpractised.status).toBe(201);
    expect(unpractised.json).toEqual({ date: '2026-03-10', count: 0, practiceDurationMinutes: 0 });
    await practise(12);
    const first = await drummer.api.post(
      '/api/practiceActivity',
      { countLessonsPracticed: 1, practiceDurationMinutes: 12 },
      { headers: BERLIN },
    );
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ date: '2026-03-10', count: 1, practiceDurationMinutes: 12 });
    await practise(30);
    const second = await drummer.api.post(
      '/api/practiceActivity',
      { countLessonsPracticed: 2, practiceDurationMinutes: 45 },
      { headers: BERLIN },
    );
    // One lesson of 30 minutes by the clock, however much more is asked.
    expect(second.json).toEqual({ date: '2026-03-10', count: 2, practiceDurationMinutes: 42 });
    server.setNow('2026-03-11T23:30:00.000Z'); // 12 March in Berlin
    await practise(1.5);
    await drummer.api.post(
      '/api/practiceActivity',
      { countLessonsPracticed: 1, practiceDurationMinutes: 1 },
      { headers: BERLIN },
    );
    server.setNow('2026-03-10T12:00:00.000Z');
    expect((await drummer.api.get('/api/practiceActivity')).json).toEqual([
      { date: '2026-03-10', count: 2, practiceDurationMinutes: 42 },
      { date: '2026-03-12', count: 1, practiceDurationMinutes: 1 },
    ]);
  });

  it('answers 400 for less than one minute, part minutes or a negative count', async () => {
    const drummer = await registerDrummer(server);
    for (const body of [
      { countLessonsPracticed: 1, practiceDurationMinutes: 0 },
      { countLessonsPracticed: 1, practiceDurationMinutes: 1.5 },
      { countLessonsPracticed: -1, practiceDurationMinutes: 5 },
      {},
    ])
      expect((await drummer.api.post('/api/practiceActivity', body)).status, JSON.stringify(body)).toBe(400);
    expect((await drummer.api.get('/api/practiceActivity')).json).toEqual([]);
  });
});

describe('progress', () => {
  it('GET /api/progress lists every skill with level and progress', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post('/api/focus', rate([{ skillName: 'hand_speed', selected: true, level: 'pro' }]));
    const response = await drummer.api.get('/api/progress');
    expect(response.status).toBe(200);
    expect(response.json).toEqual(
      SKILLS.map((skillName) => ({
        skillName,
        skillLevel: skillName === 'hand_speed' ? 'pro' : 'level not set',
        levelProgress: 0,
      })),
    );
  });

  it('GET /api/lesson/progress has the gauges, stats, title, chart, today and the calendar', async () => {
    const drummer = await registerDrummer(server);
    await drummer.api.post(
      '/api/focus',
      rate([
        { skillName: 'beginner_course', selected: true, level: 'starter' },
        { skillName: 'timing', selected: true, level: 'advanced' },
        { skillName: 'grooves', selected: true, level: 'advanced' },
      ]),
    );
    const lesson = lessonAt('timing', 'advanced');
    const utc = { 'time-zone': 'UTC' };
    // Four days of 50 minutes on an easy timing lesson each, by the practice clock.
    for (const at of [
      '2026-03-05T09:10:00Z',
      '2026-03-08T09:10:00Z',
      '2026-03-09T09:10:00Z',
      '2026-03-10T09:10:00Z',
    ]) {
      server.setNow(at);
      await practiseFor(server, drummer, 50, { focus: 'timing', level: 'advanced' });
      await drummer.api.post('/api/lesson/finishExercise', {
        lessonId: lesson.lesson_id,
        type: 'exercise',
        ratingDifficulty: 'too_easy',
        skipLesson: false,
      });
      await drummer.api.post(
        '/api/practiceActivity',
        { countLessonsPracticed: 2, practiceDurationMinutes: 50 },
        { headers: utc },
      );
    }
    server.setNow('2026-03-10T12:00:00.000Z');
    const report = (await drummer.api.get('/api/lesson/progress', { headers: utc })).json as {
      progress: { skillName: string; levelUpOffered: boolean; hint: string; levelProgress: number }[];
      stats: unknown;
      overallLevelTitle: string;
      chart: { skill: string; value: number }[];
      today: unknown;
      heatmap: { from: string; to: string; days: { date: string; intensity: number }[] };
    };
    expect(report.progress.map((gauge) => gauge.skillName)).toEqual([...SKILLS]); // beginner course first until complete
    expect(report.progress.find((gauge) => gauge.skillName === 'timing')).toMatchObject({
      levelProgress: 80,
      levelUpOffered: true,
      hint: GAUGE_HINTS.levelUp,
    });
    expect(report.progress.find((gauge) => gauge.skillName === 'grooves')).toMatchObject({
      levelUpOffered: false,
      hint: GAUGE_HINTS.practise,
    });
    // Two lessons asked each day, one earned by the clock.
    expect(report.stats).toEqual({ hours: 3, minutes: 200, lessons: 4, longestStreak: 3, currentStreak: 3 });
    expect(report.overallLevelTitle).toBe('Advanced');
    expect(report.chart).toContainEqual({ skill: 'timing', value: 0.7 });
    expect(report.chart).toContainEqual({ skill: 'hand_speed', value: 0.1 });
    expect(report.today).toEqual({ date: '2026-03-10', count: 1, practiceDurationMinutes: 50 });
    expect(report.heatmap.to).toBe('2026-03-10');
    expect(report.heatmap.days.at(-1)).toMatchObject({ date: '2026-03-10', intensity: 2 });
    expect(report.heatmap.days.find((day) => day.date === '2026-03-07')).toMatchObject({ intensity: 0 });
  });
});
