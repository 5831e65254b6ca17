import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exercise } from '../catalogue/exercise.js';
import { isDomainError } from '../errors/domain-error.js';
import { levelAt, levelIndex } from '../rules/levels.js';
import { WARM_UP_MINUTES } from '../rules/limits.js';
import type { SubscriptionStatus, Tier } from '../rules/plans.js';
import { CHART_SKILLS } from '../rules/skills.js';
import { lessonsLeftToday, type Plan } from '../rules/usage.js';
import { exercisesAt, indexCatalogue, type CatalogueIndex } from './catalogue-index.js';
import { generateSchedule, type GenerateScheduleInput, type SkillPreference } from './generate-schedule.js';
import type { LessonEvaluationSummary } from './lesson-rest.js';
import { withTake } from './take-history.js';
import { planTempo } from './tempo-plan.js';
import { LIMIT_REACHED_LESSON_ID, type PracticeSchedule } from './practice-schedule.js';
import { FIXTURE_LONGEST_LESSON, fixtureCatalogue } from './testing/fixture-catalogue.js';
import { expectScheduleInvariants } from './testing/schedule-invariants.js';

const catalogue = indexCatalogue(fixtureCatalogue());
const now = new Date('2025-03-10T18:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

const unlimited: Plan = { tier: 'premium', status: 'active' };
const freemium: Plan = { tier: 'freemium', status: 'freemium' };

const input = (overrides: Partial<GenerateScheduleInput> = {}): GenerateScheduleInput => ({
  catalogue,
  skills: [{ focus: 'hand_technique', level: 'advanced_beginner' }],
  practiceTime: 45,
  padSufficient: false,
  plan: unlimited,
  lessonsUsedToday: 0,
  evaluations: new Map(),
  now,
  seed: 1,
  ...overrides,
});

const skillArb: fc.Arbitrary<SkillPreference> = fc.oneof(
  fc.record({
    focus: fc.constantFrom(...CHART_SKILLS),
    level: fc.integer({ min: 1, max: 7 }).map(levelAt),
  }),
  fc.constant<SkillPreference>({ focus: 'beginner_course', level: 'starter' }),
);
const planArb: fc.Arbitrary<Plan> = fc.constantFrom<Plan>(
  { tier: 'freemium', status: 'freemium' },
  { tier: 'basic', status: 'active' },
  { tier: 'premium', status: 'active' },
  { tier: 'exclusive', status: 'past_due' },
  { tier: 'premium', status: 'trialing' },
  { tier: 'basic', status: 'canceled' as SubscriptionStatus },
);
const allowsPad = (plan: Plan) => !['freemium', 'basic'].includes(plan.tier) || plan.status === 'trialing';

/** Requests the plan allows, with today's usage below any daily limit. */
const allowedInputArb: fc.Arbitrary<GenerateScheduleInput> = planArb.chain((plan) =>
  fc.record({
    catalogue: fc.constant(catalogue),
    plan: fc.constant(plan),
    skills: fc.uniqueArray(skillArb, {
      minLength: 1,
      maxLength:
        plan.status === 'canceled' ||
        plan.tier === 'freemium' ||
        (plan.tier === 'basic' && plan.status !== 'trialing')
          ? 2
          : 8,
      selector: (skill) => skill.focus,
    }),
    practiceTime: fc.integer({ min: 10, max: 360 }),
    padSufficient:
      plan.status === 'canceled' ? fc.constant(false) : allowsPad(plan) ? fc.boolean() : fc.constant(false),
    lessonsUsedToday: fc.integer({ min: 0, max: 2 }),
    evaluations: fc.constant(new Map<number, LessonEvaluationSummary>()),
    now: fc.constant(now),
    seed: fc.integer(),
  }),
);

const nonWarmUp = (schedule: PracticeSchedule) =>
  schedule.lessons.filter((lesson) => lesson.type !== 'warm_up');
const minutes = (schedule: PracticeSchedule) => schedule.lessons.reduce((sum, l) => sum + l.practice_time, 0);
const pool = (index: CatalogueIndex, skill: SkillPreference, pad: boolean): readonly Exercise[] =>
  exercisesAt(index, skill.focus, levelIndex(skill.level), pad);

describe('generateSchedule on the fixture catalogue', () => {
  it('gives every lesson a chosen focus, a level range holding the skill level, and pad lessons in Drum Pad mode', () => {
    fc.assert(
      fc.property(allowedInputArb, (request) => {
        const schedule = generateSchedule(request);
        for (const lesson of schedule.lessons) {
          if (request.padSufficient) expect(lesson.pad_sufficient).toBe(true);
          if (lesson.type !== 'exercise') continue;
          const skill = request.skills.find((chosen) => chosen.focus === lesson.focus);
          expect(skill).toBeDefined();
          expect(levelIndex(lesson.min_level)).toBeLessThanOrEqual(levelIndex(skill!.level));
          expect(levelIndex(lesson.max_level)).toBeGreaterThanOrEqual(levelIndex(skill!.level));
        }
      }),
    );
  });

  it('never schedules a lesson twice', () => {
    fc.assert(
      fc.property(allowedInputArb, (request) => {
        const ids = generateSchedule(request).lessons.map((lesson) => lesson.lesson_id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });

  it('starts with a warm-up block of 5 to 10 minutes and has no warm-up after it', () => {
    fc.assert(
      fc.property(allowedInputArb, (request) => {
        const { lessons } = generateSchedule(request);
        const blockLength = lessons.findIndex((lesson) => lesson.type !== 'warm_up');
        const block = blockLength < 0 ? lessons : lessons.slice(0, blockLength);
        const blockMinutes = block.reduce((sum, lesson) => sum + lesson.practice_time, 0);
        expect(block.length).toBeGreaterThan(0);
        expect(blockMinutes).toBeGreaterThanOrEqual(WARM_UP_MINUTES.min);
        expect(blockMinutes).toBeLessThanOrEqual(WARM_UP_MINUTES.max);
        expect(lessons.slice(block.length).some((lesson) => lesson.type === 'warm_up')).toBe(false);
      }),
    );
  });

  it('stays within the target and stops only when no lesson left for the chosen skills would fit', () => {
    fc.assert(
      fc.property(
        allowedInputArb.filter(
          (request) => lessonsLeftToday(request.plan, request.lessonsUsedToday) === null,
        ),
        (request) => {
          const schedule = generateSchedule(request);
          const total = minutes(schedule);
          expect(total).toBeLessThanOrEqual(request.practiceTime);
          const scheduled = new Set(schedule.lessons.map((lesson) => lesson.lesson_id));
          for (const skill of request.skills)
            for (const exercise of pool(catalogue, skill, request.padSufficient))
              if (!scheduled.has(exercise.lesson_id))
                expect(exercise.practice_time).toBeGreaterThan(request.practiceTime - total);
        },
      ),
    );
  });

  it('falls short of the target by less than one lesson when the catalogue has enough lessons', () => {
    fc.assert(
      fc.property(
        allowedInputArb.filter(
          (request) => lessonsLeftToday(request.plan, request.lessonsUsedToday) === null,
        ),
        fc.integer({ min: 10, max: 90 }),
        (request, practiceTime) => {
          const total = minutes(generateSchedule({ ...request, practiceTime }));
          expect(total).toBeGreaterThan(practiceTime - FIXTURE_LONGEST_LESSON);
          expect(total).toBeLessThanOrEqual(practiceTime);
        },
      ),
    );
  });

  it("never schedules more lessons than today's allowance, and then ends with one limit_reached lesson", () => {
    fc.assert(
      fc.property(allowedInputArb, (request) => {
        const schedule = generateSchedule(request);
        const left = lessonsLeftToday(request.plan, request.lessonsUsedToday);
        const lessons = nonWarmUp(schedule).filter((lesson) => lesson.type !== 'limit_reached');
        const limitReached = schedule.lessons.filter((lesson) => lesson.type === 'limit_reached');
        if (left === null) {
          expect(limitReached).toEqual([]);
          return;
        }
        expect(lessons.length).toBeLessThanOrEqual(left);
        expect(limitReached.length).toBeLessThanOrEqual(1);
        if (limitReached.length === 1) {
          expect(schedule.lessons.at(-1)).toMatchObject({
            type: 'limit_reached',
            lesson_id: LIMIT_REACHED_LESSON_ID,
          });
          expect(lessons.length).toBe(left);
        }
      }),
    );
  });

  it('keeps every schedule promise the full-catalogue suite checks', () => {
    fc.assert(
      fc.property(allowedInputArb, (request) => expectScheduleInvariants(request, generateSchedule(request))),
    );
  });

  it('is deterministic for a given seed', () => {
    fc.assert(
      fc.property(allowedInputArb, (request) => {
        expect(generateSchedule(request)).toEqual(generateSchedule({ ...request }));
      }),
    );
  });

  it('varies with the seed', () => {
    const schedules = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        JSON.stringify(generateSchedule(input({ seed, practiceTime: 60 })).lessons),
      ),
    );
    expect(schedules.size).toBeGreaterThan(1);
  });

  it('spreads the time across the chosen skills', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 60, max: 120 }), (seed, practiceTime) => {
        const skills: SkillPreference[] = [
          { focus: 'timing', level: 'advanced' },
          { focus: 'grooves', level: 'beginner' },
        ];
        const lessons = nonWarmUp(generateSchedule(input({ skills, practiceTime, seed })));
        const perSkill = skills.map((skill) =>
          lessons
            .filter((lesson) => lesson.focus === skill.focus)
            .reduce((sum, l) => sum + l.practice_time, 0),
        );
        expect(Math.abs(perSkill[0]! - perSkill[1]!)).toBeLessThanOrEqual(FIXTURE_LONGEST_LESSON);
      }),
    );
  });

  it('answers the schedule shape of the API', () => {
    const schedule = generateSchedule(input({ practiceTime: 30 }));
    expect(schedule).toMatchObject({
      currentLessonIndex: 0,
      targetPracticeTime: 30,
      practiceTimeBeforeCurrentExercise: 0,
      evaluation: { rating_difficulty: 'challenging' },
    });
    expect(schedule.lessons[0]).not.toHaveProperty('notation');
  });
});

describe('generateSchedule and the daily limit', () => {
  it('refuses with no_lessons_left once a freemium customer used 3 lessons today', () => {
    for (const lessonsUsedToday of [3, 4])
      expect(() => generateSchedule(input({ plan: freemium, lessonsUsedToday }))).toThrowError(
        expect.objectContaining({ code: 'no_lessons_left' }),
      );
  });

  it('ends a long freemium session after the lessons left today with a limit_reached lesson', () => {
    const schedule = generateSchedule(input({ plan: freemium, lessonsUsedToday: 1, practiceTime: 120 }));
    const lessons = nonWarmUp(schedule);
    expect(lessons.map((lesson) => lesson.type)).toEqual(['exercise', 'exercise', 'limit_reached']);
    expect(lessons[2]).toMatchObject({ lesson_id: -1, name: 'Daily Limit reached', practice_time: 0 });
  });

  it('gives a paid plan no daily limit', () => {
    const schedule = generateSchedule(input({ lessonsUsedToday: 50, practiceTime: 120 }));
    expect(nonWarmUp(schedule).length).toBeGreaterThan(3);
  });
});

describe('generateSchedule and the plan', () => {
  const threeSkills: SkillPreference[] = [
    { focus: 'timing', level: 'starter' },
    { focus: 'grooves', level: 'starter' },
    { focus: 'hand_speed', level: 'starter' },
  ];
  const cases: [Tier, SubscriptionStatus, boolean][] = [
    ['freemium', 'freemium', false],
    ['basic', 'active', false],
    ['premium', 'canceled', false],
    ['premium', 'active', true],
    ['exclusive', 'active', true],
    ['basic', 'trialing', true],
  ];
  it.each(cases)(
    '%s (%s) may combine more than 2 skills and use Drum Pad mode: %s',
    (tier, status, allowed) => {
      const plan = { tier, status };
      for (const request of [input({ plan, skills: threeSkills }), input({ plan, padSufficient: true })]) {
        if (allowed) expect(generateSchedule(request).lessons.length).toBeGreaterThan(0);
        else
          expect(() => generateSchedule(request)).toThrowError(
            expect.objectContaining({ name: 'DomainError' }),
          );
      }
      if (!allowed) {
        expect(() => generateSchedule(input({ plan, skills: threeSkills }))).toThrowError(
          expect.objectContaining({ code: 'too_many_skills' }),
        );
        expect(() => generateSchedule(input({ plan, padSufficient: true }))).toThrowError(
          expect.objectContaining({ code: 'pad_mode_not_in_plan' }),
        );
      }
    },
  );

  it('refuses a request without skills or with a practice time out of range', () => {
    expect(() => generateSchedule(input({ skills: [] }))).toThrowError('Please select at least one skill');
    for (const practiceTime of [5, 361, 12.5])
      expect(() => generateSchedule(input({ practiceTime }))).toThrowError(
        'Practice time must be between 10 and 360 minutes',
      );
  });
});

describe('generateSchedule and past evaluations', () => {
  const skills: SkillPreference[] = [{ focus: 'independence', level: 'pro' }];
  const candidates = pool(catalogue, skills[0]!, false);
  const rated = (rating: LessonEvaluationSummary['lastRating'], days: number, ids: readonly number[]) =>
    new Map(ids.map((id) => [id, { lastRating: rating, lastEvaluatedAt: daysAgo(days), count: 1 }] as const));
  const someIds = candidates.slice(0, 4).map((exercise) => exercise.lesson_id);
  const scheduledIds = (evaluations: ReadonlyMap<number, LessonEvaluationSummary>, seed: number) =>
    generateSchedule(input({ skills, evaluations, seed, practiceTime: 20 })).lessons.map(
      (lesson) => lesson.lesson_id,
    );

  it('rests lessons rated too easy (or mastered) for 14 days', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 13 }), (seed, days) => {
        const ids = scheduledIds(rated('too_easy', days, someIds), seed);
        expect(ids.filter((id) => someIds.includes(id))).toEqual([]);
      }),
    );
    const returning = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((seed) =>
      scheduledIds(rated('too_easy', 14, someIds), seed),
    );
    expect(returning.some((id) => someIds.includes(id))).toBe(true);
  });

  it('brings lessons rated too hard back after 3 days at 85% of their start tempo, at least 30 bpm', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 2 }), (seed, days) => {
        const ids = scheduledIds(rated('too_hard', days, someIds), seed);
        expect(ids.filter((id) => someIds.includes(id))).toEqual([]);
      }),
    );
    const allTooHard = rated(
      'too_hard',
      3,
      candidates.map((exercise) => exercise.lesson_id),
    );
    const lessons = nonWarmUp(generateSchedule(input({ skills, evaluations: allTooHard, practiceTime: 60 })));
    expect(lessons.length).toBeGreaterThan(0);
    for (const lesson of lessons) {
      const original = catalogue.byId.get(lesson.lesson_id)!;
      expect(lesson.start_bpm).toBe(Math.max(30, Math.round(original.start_bpm * 0.85)));
    }
  });

  it('uses resting lessons only when nothing else fits, so a session is never empty', () => {
    const everything = rated(
      'too_easy',
      1,
      candidates.map((exercise) => exercise.lesson_id),
    );
    const lessons = nonWarmUp(generateSchedule(input({ skills, evaluations: everything, practiceTime: 30 })));
    expect(lessons.length).toBeGreaterThan(0);
  });
});

describe('generateSchedule and the tempo plan', () => {
  const skills: SkillPreference[] = [{ focus: 'independence', level: 'pro' }];
  const candidates = pool(catalogue, skills[0]!, false);

  it('starts each lesson played before at the tempo its takes plan, with the plan beside it', () => {
    const takeHistory = new Map(
      candidates.map((exercise) => [
        exercise.lesson_id,
        withTake(undefined, { bpm: exercise.start_bpm, accuracy: 95, playId: 'p', at: daysAgo(1) }),
      ]),
    );
    const lessons = nonWarmUp(generateSchedule(input({ skills, takeHistory, practiceTime: 60 })));
    expect(lessons.length).toBeGreaterThan(0);
    for (const lesson of lessons) {
      const original = catalogue.byId.get(lesson.lesson_id)!;
      const plan = planTempo(original, takeHistory.get(lesson.lesson_id), undefined, now);
      expect(plan.startBpm).toBeGreaterThan(original.start_bpm);
      expect(lesson).toMatchObject({
        start_bpm: plan.startBpm,
        tempo_plan: { targetBpm: plan.targetBpm, basis: { kind: 'takes', accuracy: 95 } },
      });
    }
  });

  it('leaves lessons never played at their written tempo, without a plan', () => {
    for (const lesson of generateSchedule(input({ skills, practiceTime: 60 })).lessons) {
      expect(lesson.start_bpm).toBe(catalogue.byId.get(lesson.lesson_id)?.start_bpm ?? lesson.start_bpm);
      expect(lesson).not.toHaveProperty('tempo_plan');
    }
  });
});

describe('generateSchedule and spaced returns', () => {
  const skills: SkillPreference[] = [{ focus: 'independence', level: 'pro' }];
  const candidates = pool(catalogue, skills[0]!, false);
  const playedDaysAgo = (days: number, accuracy: number) =>
    withTake(undefined, { bpm: 80, accuracy, playId: 'p', at: daysAgo(days) });

  it('brings a played lesson back first once due, and keeps it away before', () => {
    const [poor, fair] = candidates.filter((exercise) => exercise.type === 'exercise');
    const takeHistory = new Map([
      [poor!.lesson_id, playedDaysAgo(1.5, 50)],
      [fair!.lesson_id, playedDaysAgo(1, 80)],
    ]);
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const lessons = nonWarmUp(generateSchedule(input({ skills, takeHistory, seed, practiceTime: 45 })));
        expect(lessons[0]?.lesson_id).toBe(poor!.lesson_id);
        expect(lessons.map((lesson) => lesson.lesson_id)).not.toContain(fair!.lesson_id);
      }),
      { numRuns: 20 },
    );
  });

  it('mixes due returns with new lessons, every other lesson of a skill', () => {
    const exercises = candidates.filter((exercise) => exercise.type === 'exercise');
    const played = exercises.filter((_, i) => i % 2 === 0);
    const takeHistory = new Map(played.map((exercise) => [exercise.lesson_id, playedDaysAgo(3, 40)]));
    const lessons = nonWarmUp(generateSchedule(input({ skills, takeHistory, practiceTime: 60 })));
    expect(lessons.length).toBeGreaterThan(2);
    expect(lessons.map((lesson) => takeHistory.has(lesson.lesson_id))).toEqual(
      lessons.map((_, i) => i % 2 === 0),
    );
  });
});

describe('generateSchedule when the catalogue lacks a level', () => {
  const noGroovesAtPro = indexCatalogue(
    fixtureCatalogue({ omit: (e) => e.focus === 'grooves' && levelIndex(e.max_level) >= 6 }),
  );

  it('falls back to the nearest level that has lessons', () => {
    const schedule = generateSchedule(
      input({ catalogue: noGroovesAtPro, skills: [{ focus: 'grooves', level: 'pro' }], seed: 3 }),
    );
    const lessons = nonWarmUp(schedule);
    expect(lessons.length).toBeGreaterThan(0);
    for (const lesson of lessons) expect(lesson.max_level).toBe('advanced');
  });

  it('signals no_exercises_for_skill only when the focus has nothing at all', () => {
    const noTiming = indexCatalogue(fixtureCatalogue({ omit: (e) => e.focus === 'timing' }));
    const error = (() => {
      try {
        generateSchedule(input({ catalogue: noTiming, skills: [{ focus: 'timing', level: 'beginner' }] }));
      } catch (caught) {
        return caught;
      }
    })();
    expect(isDomainError(error, 'no_exercises_for_skill')).toBe(true);
    expect((error as Error).message).toBe('There are no lessons for Timing yet.');
  });
});

describe('indexCatalogue', () => {
  it('puts each exercise in every level bucket of its range, and pad ones in the pad buckets too', () => {
    const exercises = fixtureCatalogue({ perLevel: 3 });
    const index = indexCatalogue(exercises);
    expect(index.size).toBe(exercises.length);
    for (const focus of [...CHART_SKILLS, 'warm_up', 'beginner_course'] as const)
      for (let level = 0; level <= 7; level++) {
        const expected = exercises.filter(
          (e) => e.focus === focus && levelIndex(e.min_level) <= level && level <= levelIndex(e.max_level),
        );
        expect(exercisesAt(index, focus, level, false).map((e) => e.lesson_id)).toEqual(
          expected.map((e) => e.lesson_id).sort((a, b) => a - b),
        );
        expect(exercisesAt(index, focus, level, true).map((e) => e.lesson_id)).toEqual(
          expected
            .filter((e) => e.pad_sufficient)
            .map((e) => e.lesson_id)
            .sort((a, b) => a - b),
        );
      }
  });

  it('refuses a catalogue with a duplicate lesson id', () => {
    const [first] = fixtureCatalogue({ perLevel: 1 });
    expect(() => indexCatalogue([first!, first!])).toThrowError(/Duplicate lesson_id/);
  });
});
