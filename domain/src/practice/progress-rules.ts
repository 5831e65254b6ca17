import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import { LEVEL_UP_THRESHOLD } from '../rules/limits.js';
import { levelIndex, MAX_LEVEL_INDEX, type Level } from '../rules/levels.js';
import type { Skill } from '../rules/skills.js';

/**
 * Progress per evaluation (DESIGN.md "Progress"): easier ratings add more, mastered adds most.
 * Provisional home: to be replaced by the rules/progress functions when they land.
 */
const PROGRESS_BY_RATING: Record<DifficultyRating, number> = {
  too_easy: 20,
  easy: 15,
  challenging: 10,
  hard: 5,
  too_hard: 0,
};
const MASTERED_PROGRESS = 25;

export const progressAfterEvaluation = (
  progress: number,
  rating: DifficultyRating,
  mastered: boolean,
): number => Math.min(100, progress + (mastered ? MASTERED_PROGRESS : PROGRESS_BY_RATING[rating]));

/** product-spec §4 "Level up": progress 80+, below absolute_pro, never the beginner course. */
export const isLevelUpOffered = (skill: Skill, level: Level, progress: number): boolean =>
  skill !== 'beginner_course' && levelIndex(level) < MAX_LEVEL_INDEX && progress >= LEVEL_UP_THRESHOLD;

/** A lesson counts towards progress when the customer's level is within its levels. */
export const isLessonAtLevel = (level: Level, minLevel: Level, maxLevel: Level): boolean =>
  levelIndex(minLevel) <= levelIndex(level) && levelIndex(level) <= levelIndex(maxLevel);
