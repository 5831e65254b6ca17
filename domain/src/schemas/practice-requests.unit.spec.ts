import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import { LEVELS } from '../rules/levels.js';
import { SKILLS } from '../rules/skills.js';
import { fieldErrors } from './field-errors.js';
import {
  fileDownloadQuerySchema,
  finishExerciseRequestSchema,
  practiceActivityRequestSchema,
  scheduleRequestSchema,
  skillPreferencePatchSchema,
  skillSelfRatingRequestSchema,
  usageIncrementRequestSchema,
} from './practice-requests.js';

const errorsOf = (schema: Parameters<typeof fieldErrors>[0], input: unknown) => {
  const result = fieldErrors(schema, input);
  return result.ok ? {} : result.errors;
};

const validSchedule = {
  skillPreference: [
    { focus: 'timing', level: 'beginner' },
    { focus: 'grooves', level: 'pro' },
  ],
  practiceTime: 45,
  padSufficient: false,
};

describe('schedule request', () => {
  it('accepts chosen skills, a practice time of 10 to 360 minutes and the pad switch', () => {
    fc.assert(
      fc.property(
        fc.subarray([...SKILLS.filter((skill) => skill !== 'beginner_course')], { minLength: 1 }),
        fc.constantFrom(...LEVELS.slice(1)),
        fc.integer({ min: 10, max: 360 }),
        fc.boolean(),
        (skills, level, practiceTime, padSufficient) => {
          const input = {
            skillPreference: skills.map((focus) => ({ focus, level })),
            practiceTime,
            padSufficient,
          };
          expect(fieldErrors(scheduleRequestSchema, input)).toEqual({ ok: true, value: input });
        },
      ),
    );
  });

  it('rejects any practice time outside 10-360 with the spec sentence', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1000, max: 9 }), fc.integer({ min: 361, max: 100_000 })),
        (practiceTime) => {
          expect(errorsOf(scheduleRequestSchema, { ...validSchedule, practiceTime })).toEqual({
            practiceTime: ['Practice time must be between 10 and 360 minutes'],
          });
        },
      ),
    );
  });

  it('accepts both ends of the practice time range', () => {
    expect(fieldErrors(scheduleRequestSchema, { ...validSchedule, practiceTime: 10 }).ok).toBe(true);
    expect(fieldErrors(scheduleRequestSchema, { ...validSchedule, practiceTime: 360 }).ok).toBe(true);
  });

  it('asks for at least one skill', () => {
    expect(errorsOf(scheduleRequestSchema, { ...validSchedule, skillPreference: [] })).toEqual({
      skillPreference: ['Please select at least one skill'],
    });
  });

  it('collects the problems of every field and nested entry', () => {
    expect(
      errorsOf(scheduleRequestSchema, {
        skillPreference: [
          { focus: 'cowbell', level: 'beginner' },
          { focus: 'timing', level: 'level not set' },
          { focus: 'beginner_course', level: 'pro' },
        ],
        practiceTime: '45',
        padSufficient: 'no',
      }),
    ).toEqual({
      'skillPreference.0.focus': [`must be one of [${SKILLS.join(', ')}]`],
      'skillPreference.1.level': ['must be set for a selected skill'],
      'skillPreference.2.level': ['must be one of [level not set, starter]'],
      practiceTime: ['must be a number'],
      padSufficient: ['must be a boolean'],
    });
  });

  it('rejects the same skill twice and a fractional practice time', () => {
    expect(
      errorsOf(scheduleRequestSchema, {
        ...validSchedule,
        skillPreference: [
          { focus: 'timing', level: 'beginner' },
          { focus: 'timing', level: 'pro' },
        ],
        practiceTime: 12.5,
      }),
    ).toEqual({
      skillPreference: ['must not contain the same skill twice'],
      practiceTime: ['must be an integer'],
    });
  });

  it('says what is missing', () => {
    expect(errorsOf(scheduleRequestSchema, {})).toEqual({
      skillPreference: ['is required'],
      practiceTime: ['is required'],
      padSufficient: ['is required'],
    });
  });
});

describe('skill self-rating (POST /api/focus)', () => {
  const rating = SKILLS.map((skillName, i) => ({
    skillName,
    selected: i % 2 === 0,
    level: i % 2 === 0 ? 'starter' : 'level not set',
  }));

  it('accepts a rating of every skill', () => {
    expect(fieldErrors(skillSelfRatingRequestSchema, { skillSelfRating: rating })).toEqual({
      ok: true,
      value: { skillSelfRating: rating },
    });
  });

  it('defaults a missing level to "level not set"', () => {
    const result = fieldErrors(skillSelfRatingRequestSchema, {
      skillSelfRating: [{ skillName: 'timing', selected: false }],
    });
    expect(result.ok && result.value.skillSelfRating[0]?.level).toBe('level not set');
  });

  it('needs a level for a selected skill and keeps the beginner course at starter', () => {
    expect(
      errorsOf(skillSelfRatingRequestSchema, {
        skillSelfRating: [
          { skillName: 'timing', selected: true, level: 'level not set' },
          { skillName: 'beginner_course', selected: true, level: 'beginner' },
          { skillName: 'grooves', selected: 'yes', level: 'rockstar' },
        ],
      }),
    ).toEqual({
      'skillSelfRating.0.level': ['must be set for a selected skill'],
      'skillSelfRating.1.level': ['must be one of [level not set, starter]'],
      'skillSelfRating.2.selected': ['must be a boolean'],
      'skillSelfRating.2.level': [`must be one of [${LEVELS.join(', ')}]`],
    });
  });

  it('bounds the list to the eight skills', () => {
    const nine = [...rating, { skillName: 'timing', selected: false, level: 'level not set' }];
    expect(errorsOf(skillSelfRatingRequestSchema, { skillSelfRating: nine })).toEqual({
      skillSelfRating: ['must contain less than or equal to 8 items'],
    });
  });
});

describe('skill preference patch (PATCH /api/focus)', () => {
  it('takes one skill, its selection and level', () => {
    const patch = { skillName: 'hand_speed', selected: true, level: 'absolute_pro' };
    expect(fieldErrors(skillPreferencePatchSchema, patch)).toEqual({ ok: true, value: patch });
    expect(
      errorsOf(skillPreferencePatchSchema, { skillName: 'warm_up', selected: true, level: 'pro' }),
    ).toEqual({
      skillName: [`must be one of [${SKILLS.join(', ')}]`],
    });
  });
});

describe('finish exercise', () => {
  it('accepts every rating and lesson type, defaulting skipLesson to false', () => {
    for (const ratingDifficulty of DIFFICULTY_RATINGS) {
      const result = fieldErrors(finishExerciseRequestSchema, {
        lessonId: 12,
        type: 'exercise',
        ratingDifficulty,
      });
      expect(result).toEqual({
        ok: true,
        value: { lessonId: 12, type: 'exercise', ratingDifficulty, skipLesson: false },
      });
    }
    expect(
      fieldErrors(finishExerciseRequestSchema, {
        lessonId: 3,
        type: 'warm_up',
        ratingDifficulty: 'too_easy',
        skipLesson: true,
      }).ok,
    ).toBe(true);
  });

  it('rejects ids that are not positive whole numbers and unknown ratings', () => {
    expect(
      errorsOf(finishExerciseRequestSchema, {
        lessonId: '12',
        type: 'limit_reached',
        ratingDifficulty: 'meh',
        skipLesson: 1,
      }),
    ).toEqual({
      lessonId: ['must be a number'],
      type: ['must be one of [warm_up, exercise]'],
      ratingDifficulty: ['must be one of [too_easy, easy, challenging, hard, too_hard]'],
      skipLesson: ['must be a boolean'],
    });
    expect(
      errorsOf(finishExerciseRequestSchema, { lessonId: 0, type: 'exercise', ratingDifficulty: 'easy' }),
    ).toEqual({
      lessonId: ['must be greater than or equal to 1'],
    });
    expect(
      errorsOf(finishExerciseRequestSchema, { lessonId: 1.5, type: 'exercise', ratingDifficulty: 'easy' }),
    ).toEqual({
      lessonId: ['must be an integer'],
    });
  });
});

describe('practice activity', () => {
  it('needs at least one whole minute', () => {
    expect(
      fieldErrors(practiceActivityRequestSchema, { countLessonsPracticed: 1, practiceDurationMinutes: 1 }).ok,
    ).toBe(true);
    expect(
      errorsOf(practiceActivityRequestSchema, { countLessonsPracticed: 1, practiceDurationMinutes: 0 }),
    ).toEqual({
      practiceDurationMinutes: ['must be greater than or equal to 1'],
    });
    expect(
      errorsOf(practiceActivityRequestSchema, { countLessonsPracticed: -1, practiceDurationMinutes: 2.5 }),
    ).toEqual({
      countLessonsPracticed: ['must be greater than or equal to 0'],
      practiceDurationMinutes: ['must be an integer'],
    });
  });

  it('rejects more minutes than a day has', () => {
    expect(
      errorsOf(practiceActivityRequestSchema, { countLessonsPracticed: 1, practiceDurationMinutes: 1441 }),
    ).toEqual({
      practiceDurationMinutes: ['must be less than or equal to 1440'],
    });
  });
});

describe('usage increment', () => {
  it('counts only lessons', () => {
    expect(fieldErrors(usageIncrementRequestSchema, { usageType: 'lesson' })).toEqual({
      ok: true,
      value: { usageType: 'lesson' },
    });
    expect(errorsOf(usageIncrementRequestSchema, { usageType: 'warm_up' })).toEqual({
      usageType: ['must be one of [lesson]'],
    });
  });
});

describe('file download query', () => {
  it('reads the lesson id from its digits', () => {
    expect(fieldErrors(fileDownloadQuerySchema, { lessonId: '4711' })).toEqual({
      ok: true,
      value: { lessonId: 4711 },
    });
  });

  it.each([['0'], ['-3'], ['12abc'], ['1e3'], ['007']])('rejects %j', (lessonId) => {
    expect(errorsOf(fileDownloadQuerySchema, { lessonId })).toEqual({
      lessonId: ['must be a positive integer'],
    });
  });

  it('rejects a repeated query parameter and a missing one', () => {
    expect(errorsOf(fileDownloadQuerySchema, { lessonId: ['1', '2'] })).toEqual({
      lessonId: ['must be a string'],
    });
    expect(errorsOf(fileDownloadQuerySchema, {})).toEqual({ lessonId: ['is required'] });
  });
});
