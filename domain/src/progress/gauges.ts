import type { Level } from '../rules/levels.js';
import type { Skill } from '../rules/skills.js';
import { canLevelUp, isBeginnerCourseComplete, isSkillMastered } from './level-progress.js';

/** A customer progress entry (product-spec §3) as GET /api/progress returns it. */
export interface CustomerProgressEntry {
  skillName: Skill;
  skillLevel: Level;
  levelProgress: number;
}

export const GAUGE_HINTS = {
  mastered: 'You have mastered this skill!',
  levelUp: 'You can level up! Just hit the blinking icon!',
  practise: 'Practice to improve! If the level does not fit adjust it in the tab Level Up',
} as const;

/**
 * The hint under a skill gauge (product-spec §2). The level-up hint shows only where level-up is actually
 * offered, so the beginner course and absolute_pro between 80 and 99 keep the practice hint instead of
 * pointing at an icon that does not blink.
 */
export const gaugeHint = ({ skillName, skillLevel, levelProgress }: CustomerProgressEntry): string => {
  const state = { level: skillLevel, progress: levelProgress };
  if (isSkillMastered(skillName, state)) return GAUGE_HINTS.mastered;
  if (canLevelUp(skillName, state)) return GAUGE_HINTS.levelUp;
  return GAUGE_HINTS.practise;
};

/**
 * Gauges in skill order, except that the beginner course leads until it is complete and then moves to
 * the end. Returns a new array; the others keep their given order.
 */
export const orderGauges = <T extends { skillName: Skill; levelProgress: number }>(
  entries: readonly T[],
): T[] => {
  const course = entries.filter((entry) => entry.skillName === 'beginner_course');
  const others = entries.filter((entry) => entry.skillName !== 'beginner_course');
  const courseComplete = course.every((entry) => isBeginnerCourseComplete(entry.levelProgress));
  return courseComplete ? [...others, ...course] : [...course, ...others];
};
