import { LEVELS, levelIndex, SKILLS, type LessonFocus, type Level } from '@stickwork/domain';
import type { ExerciseSummary } from './catalogue-summary.js';

export interface CatalogueStats {
  exercises: number;
  warmUps: number;
  padSufficient: number;
  /** Per focus (skills and warm-ups): how many lessons it has in all. */
  byFocus: Record<LessonFocus, number>;
  /**
   * Per skill and level: the exercises a customer at that level can be given (min_level <= level
   * <= max_level), which is what the scheduler draws from.
   */
  bySkillAndLevel: Record<string, Partial<Record<Level, number>>>;
}

const RATED_LEVELS = LEVELS.filter((level) => level !== 'level not set');

export const catalogueStats = (exercises: readonly ExerciseSummary[]): CatalogueStats => {
  const byFocus = Object.fromEntries([...SKILLS, 'warm_up'].map((focus) => [focus, 0])) as Record<
    LessonFocus,
    number
  >;
  const bySkillAndLevel: CatalogueStats['bySkillAndLevel'] = Object.fromEntries(
    SKILLS.map((skill) => [skill, {}]),
  );
  for (const exercise of exercises) {
    byFocus[exercise.focus] += 1;
    if (exercise.type !== 'exercise') continue;
    const counts = (bySkillAndLevel[exercise.focus] ??= {});
    for (const level of RATED_LEVELS)
      if (
        levelIndex(exercise.min_level) <= levelIndex(level) &&
        levelIndex(level) <= levelIndex(exercise.max_level)
      )
        counts[level] = (counts[level] ?? 0) + 1;
  }
  return {
    exercises: exercises.filter((exercise) => exercise.type === 'exercise').length,
    warmUps: exercises.filter((exercise) => exercise.type === 'warm_up').length,
    padSufficient: exercises.filter((exercise) => exercise.pad_sufficient).length,
    byFocus,
    bySkillAndLevel,
  };
};

export { RATED_LEVELS };
