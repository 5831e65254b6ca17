import { expect } from 'vitest';
import { levelIndex } from '../../rules/levels.js';
import { WARM_UP_MINUTES } from '../../rules/limits.js';
import { lessonsLeftToday } from '../../rules/usage.js';
import { exercisesAt, nearestLevelExercises } from '../catalogue-index.js';
import type { GenerateScheduleInput } from '../generate-schedule.js';
import { LIMIT_REACHED_LESSON_ID, type PracticeSchedule } from '../practice-schedule.js';

/**
 * What every schedule promises (DESIGN.md "Schedule"), checked against the catalogue it came from:
 * lessons of the chosen skills at their level (or the nearest level when the catalogue has none at
 * it), pad lessons in Drum Pad mode, no lesson twice, a 5-10 minute warm-up block first, at most
 * the target time and no fitting lesson left out, never past today's allowance.
 */
export const expectScheduleInvariants = (
  request: GenerateScheduleInput,
  schedule: PracticeSchedule,
): void => {
  const { lessons } = schedule;
  const ids = lessons.map((lesson) => lesson.lesson_id);
  expect(new Set(ids).size, 'no lesson twice').toBe(ids.length);

  const blockLength = lessons.findIndex((lesson) => lesson.type !== 'warm_up');
  const block = blockLength < 0 ? lessons : lessons.slice(0, blockLength);
  const blockMinutes = block.reduce((sum, lesson) => sum + lesson.practice_time, 0);
  expect(blockMinutes, 'warm-up block minutes').toBeGreaterThanOrEqual(WARM_UP_MINUTES.min);
  expect(blockMinutes, 'warm-up block minutes').toBeLessThanOrEqual(WARM_UP_MINUTES.max);
  expect(
    lessons.slice(block.length).some((lesson) => lesson.type === 'warm_up'),
    'warm-ups only first',
  ).toBe(false);

  for (const lesson of lessons) {
    if (request.padSufficient) expect(lesson.pad_sufficient, 'pad mode').toBe(true);
    if (lesson.type !== 'exercise') continue;
    const skill = request.skills.find((chosen) => chosen.focus === lesson.focus);
    expect(skill, `lesson ${lesson.lesson_id} of a chosen skill`).toBeDefined();
    const level = levelIndex(skill!.level);
    const pool = nearestLevelExercises(
      request.catalogue,
      skill!.focus,
      level,
      request.padSufficient,
    ).exercises;
    expect(pool.includes(request.catalogue.byId.get(lesson.lesson_id)!), 'lesson from its skill pool').toBe(
      true,
    );
    if (exercisesAt(request.catalogue, skill!.focus, level, request.padSufficient).length > 0) {
      expect(levelIndex(lesson.min_level)).toBeLessThanOrEqual(level);
      expect(levelIndex(lesson.max_level)).toBeGreaterThanOrEqual(level);
    }
  }

  const total = lessons.reduce((sum, lesson) => sum + lesson.practice_time, 0);
  expect(total, 'total minutes').toBeLessThanOrEqual(request.practiceTime);
  const left = lessonsLeftToday(request.plan, request.lessonsUsedToday);
  const limitReached = lessons.filter((lesson) => lesson.type === 'limit_reached');
  const counted = lessons.filter((lesson) => lesson.type === 'exercise');
  if (left === null) {
    expect(limitReached).toEqual([]);
    // One assertion over plain loops: pools of the full catalogue hold hundreds of lessons.
    const scheduled = new Set(ids);
    const leftOutThatFit = request.skills.flatMap((skill) =>
      nearestLevelExercises(request.catalogue, skill.focus, levelIndex(skill.level), request.padSufficient)
        .exercises.filter(
          (e) => !scheduled.has(e.lesson_id) && e.practice_time <= request.practiceTime - total,
        )
        .map((e) => e.lesson_id),
    );
    expect(leftOutThatFit, 'left-out lessons that would still fit').toEqual([]);
  } else {
    expect(counted.length, "within today's allowance").toBeLessThanOrEqual(left);
    expect(limitReached.length).toBeLessThanOrEqual(1);
    if (limitReached.length === 1) {
      expect(lessons.at(-1)).toMatchObject({ type: 'limit_reached', lesson_id: LIMIT_REACHED_LESSON_ID });
      expect(counted.length).toBe(left);
    }
  }
};
