import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import { levelAt, levelIndex, MAX_LEVEL_INDEX, type Level } from '../rules/levels.js';
import { LEVEL_UP_THRESHOLD } from '../rules/limits.js';
import type { LessonFocus, Skill } from '../rules/skills.js';

/** Progress is a percentage of the way through the current level. */
export const MAX_PROGRESS = 100;

/**
 * Progress a lesson adds to its skill (DESIGN.md "Progress"). Easier ratings add more: a lesson that felt
 * easy shows the level is being mastered, a too-hard one still counts as practice. Mastered (the
 * "I have mastered this lesson." box, recorded as too_easy) adds most. Four easy lessons or ten
 * challenging ones reach the level-up threshold of 80.
 */
export const PROGRESS_INCREMENTS: Record<DifficultyRating | 'mastered', number> = {
  too_easy: 20,
  easy: 15,
  challenging: 10,
  hard: 5,
  too_hard: 2,
  mastered: 25,
};

export interface LessonEvaluation {
  rating: DifficultyRating;
  /** The lesson was skipped as mastered. */
  mastered: boolean;
}

/** The lesson fields that decide whether an evaluation moves progress. */
export interface ProgressLesson {
  type: string;
  focus: LessonFocus;
  min_level: Level;
  max_level: Level;
}

/** A skill's level and progress through it. */
export interface SkillProgress {
  level: Level;
  progress: number;
}

export const progressIncrement = ({ rating, mastered }: LessonEvaluation): number =>
  mastered ? PROGRESS_INCREMENTS.mastered : PROGRESS_INCREMENTS[rating];

/** Only non-warm-up lessons whose level range holds the customer's (set) level count. */
export const lessonCountsTowardProgress = (lesson: ProgressLesson, customerLevel: Level): boolean => {
  const level = levelIndex(customerLevel);
  return (
    lesson.type !== 'warm_up' &&
    lesson.focus !== 'warm_up' &&
    level > 0 &&
    levelIndex(lesson.min_level) <= level &&
    level <= levelIndex(lesson.max_level)
  );
};

const clampProgress = (progress: number): number => Math.min(MAX_PROGRESS, Math.max(0, progress));

/** Progress after an evaluated lesson of this skill, capped at 100. */
export const progressAfterEvaluation = (
  state: SkillProgress,
  lesson: ProgressLesson,
  evaluation: LessonEvaluation,
): SkillProgress =>
  lessonCountsTowardProgress(lesson, state.level)
    ? { level: state.level, progress: clampProgress(state.progress + progressIncrement(evaluation)) }
    : state;

/** A new level starts from 0; setting the same level again changes nothing. */
export const progressAfterLevelChange = (state: SkillProgress, level: Level): SkillProgress =>
  level === state.level ? state : { level, progress: 0 };

/** Level-up is offered at 80 or more, below absolute_pro, never for the beginner course (product-spec §4). */
export const canLevelUp = (skill: Skill, state: SkillProgress): boolean =>
  skill !== 'beginner_course' &&
  levelIndex(state.level) < MAX_LEVEL_INDEX &&
  state.progress >= LEVEL_UP_THRESHOLD;

/** One click raises the level by one and starts it from 0; undefined when level-up is not offered. */
export const levelUp = (skill: Skill, state: SkillProgress): SkillProgress | undefined =>
  canLevelUp(skill, state) ? { level: levelAt(levelIndex(state.level) + 1), progress: 0 } : undefined;

/** The beginner course has no levels to climb: it is complete at 100. */
export const isBeginnerCourseComplete = (progress: number): boolean => progress >= MAX_PROGRESS;

/** Nothing left to climb: the beginner course complete, or 100 at absolute_pro. */
export const isSkillMastered = (skill: Skill, state: SkillProgress): boolean =>
  state.progress >= MAX_PROGRESS && (skill === 'beginner_course' || state.level === 'absolute_pro');
