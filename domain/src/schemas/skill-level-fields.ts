import { levelIndex, LEVELS, type Level } from '../rules/levels.js';
import { maxLevelIndexFor } from '../rules/level-descriptions.js';
import { SKILLS, type Skill } from '../rules/skills.js';
import { enumField } from './fields.js';
import { VALIDATION_MESSAGES as M } from './validation-messages.js';

export const skillField = () => enumField(SKILLS);
export const levelField = () => enumField(LEVELS);

/** Levels a skill's slider offers (product-spec §5): the beginner course stops at starter. */
export const levelsAllowedFor = (skill: Skill): readonly Level[] =>
  LEVELS.slice(0, maxLevelIndexFor(skill) + 1);

/** The message for a level beyond the skill's range, or undefined when it fits. */
export const levelOutOfRangeMessage = (skill: Skill, level: Level): string | undefined =>
  levelIndex(level) > maxLevelIndexFor(skill) ? M.oneOf(levelsAllowedFor(skill)) : undefined;

/** Skills that occur more than once, for the duplicate check of skill lists. */
export const hasDuplicateSkills = (skills: readonly Skill[]): boolean =>
  new Set(skills).size !== skills.length;
