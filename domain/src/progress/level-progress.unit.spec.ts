import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import { levelIndex, LEVELS, type Level } from '../rules/levels.js';
import { SKILLS } from '../rules/skills.js';
import {
  canLevelUp,
  isBeginnerCourseComplete,
  isSkillMastered,
  lessonCountsTowardProgress,
  levelUp,
  MAX_PROGRESS,
  progressAfterEvaluation,
  progressAfterLevelChange,
  progressIncrement,
  type LessonEvaluation,
  type ProgressLesson,
  type SkillProgress,
} from './level-progress.js';

const lessonAt = (level: Level): ProgressLesson => ({
  type: 'exercise',
  focus: 'timing',
  min_level: level,
  max_level: level,
});

const evaluation = fc.record({ rating: fc.constantFrom(...DIFFICULTY_RATINGS), mastered: fc.boolean() });
const setLevel = fc.constantFrom(...LEVELS.slice(1));

describe('progress increments', () => {
  it('adds more for easier ratings and most for a mastered lesson', () => {
    const increments = DIFFICULTY_RATINGS.map((rating) => progressIncrement({ rating, mastered: false }));
    expect(increments).toEqual([...increments].sort((a, b) => b - a));
    expect(new Set(increments).size).toBe(increments.length);
    expect(increments.every((increment) => increment > 0)).toBe(true);
    const mastered = progressIncrement({ rating: 'too_easy', mastered: true });
    expect(mastered).toBeGreaterThan(Math.max(...increments));
  });
});

describe('which lessons count', () => {
  it('counts a lesson whose level range holds the customer level', () => {
    expect(
      lessonCountsTowardProgress(
        { type: 'exercise', focus: 'timing', min_level: 'starter', max_level: 'pro' },
        'beginner',
      ),
    ).toBe(true);
  });

  it('ignores warm-ups, lessons off the customer level and skills without a level', () => {
    expect(lessonCountsTowardProgress({ ...lessonAt('beginner'), type: 'warm_up' }, 'beginner')).toBe(false);
    expect(lessonCountsTowardProgress({ ...lessonAt('beginner'), focus: 'warm_up' }, 'beginner')).toBe(false);
    expect(lessonCountsTowardProgress(lessonAt('advanced'), 'beginner')).toBe(false);
    expect(lessonCountsTowardProgress(lessonAt('starter'), 'beginner')).toBe(false);
    expect(
      lessonCountsTowardProgress(
        { type: 'exercise', focus: 'timing', min_level: 'level not set', max_level: 'pro' },
        'level not set',
      ),
    ).toBe(false);
  });
});

describe('progress through a level', () => {
  it('stays within 0-100, never drops while the level holds, and resets to 0 on a level change', () => {
    const step = fc.oneof(
      evaluation.map((e) => ({ kind: 'evaluated' as const, evaluation: e })),
      setLevel.map((level) => ({ kind: 'levelChanged' as const, level })),
    );
    fc.assert(
      fc.property(setLevel, fc.array(step, { maxLength: 60 }), (startLevel, steps) => {
        let state: SkillProgress = { level: startLevel, progress: 0 };
        for (const next of steps) {
          const before = state;
          state =
            next.kind === 'evaluated'
              ? progressAfterEvaluation(state, lessonAt(state.level), next.evaluation)
              : progressAfterLevelChange(state, next.level);
          expect(state.progress).toBeGreaterThanOrEqual(0);
          expect(state.progress).toBeLessThanOrEqual(MAX_PROGRESS);
          if (next.kind === 'evaluated') {
            expect(state.level).toBe(before.level);
            expect(state.progress).toBe(
              Math.min(MAX_PROGRESS, before.progress + progressIncrement(next.evaluation)),
            );
          } else if (next.level !== before.level) {
            expect(state).toEqual({ level: next.level, progress: 0 });
          } else {
            expect(state).toEqual(before);
          }
        }
      }),
    );
  });

  it('caps at 100', () => {
    const state = progressAfterEvaluation({ level: 'pro', progress: 95 }, lessonAt('pro'), {
      rating: 'too_easy',
      mastered: true,
    });
    expect(state).toEqual({ level: 'pro', progress: 100 });
  });

  it('leaves progress alone for a lesson that does not count', () => {
    const state = { level: 'pro' as const, progress: 40 };
    const warmUp = { ...lessonAt('pro'), type: 'warm_up' };
    const rating: LessonEvaluation = { rating: 'easy', mastered: false };
    expect(progressAfterEvaluation(state, warmUp, rating)).toBe(state);
  });
});

describe('level-up', () => {
  it('is offered exactly at 80 or more, below absolute_pro, outside the beginner course', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SKILLS),
        fc.constantFrom(...LEVELS),
        fc.integer({ min: 0, max: 100 }),
        (skill, level, progress) => {
          const expected = progress >= 80 && levelIndex(level) < 7 && skill !== 'beginner_course';
          expect(canLevelUp(skill, { level, progress })).toBe(expected);
        },
      ),
    );
  });

  it('raises the level by one and starts it from 0', () => {
    expect(levelUp('timing', { level: 'medium_advanced', progress: 80 })).toEqual({
      level: 'advanced',
      progress: 0,
    });
    expect(levelUp('timing', { level: 'pro', progress: 100 })).toEqual({
      level: 'absolute_pro',
      progress: 0,
    });
    expect(levelUp('timing', { level: 'pro', progress: 79 })).toBeUndefined();
    expect(levelUp('timing', { level: 'absolute_pro', progress: 100 })).toBeUndefined();
    expect(levelUp('beginner_course', { level: 'starter', progress: 100 })).toBeUndefined();
  });
});

describe('completion', () => {
  it('completes the beginner course at 100', () => {
    expect(isBeginnerCourseComplete(99)).toBe(false);
    expect(isBeginnerCourseComplete(100)).toBe(true);
    expect(isSkillMastered('beginner_course', { level: 'starter', progress: 100 })).toBe(true);
  });

  it('masters other skills only at 100 on absolute_pro', () => {
    expect(isSkillMastered('grooves', { level: 'absolute_pro', progress: 100 })).toBe(true);
    expect(isSkillMastered('grooves', { level: 'absolute_pro', progress: 99 })).toBe(false);
    expect(isSkillMastered('grooves', { level: 'pro', progress: 100 })).toBe(false);
  });
});
