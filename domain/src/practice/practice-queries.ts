import { SKILLS } from '../rules/skills.js';
import type { SkillPreference } from '../scheduler/generate-schedule.js';
import type { PracticeState } from './practice-state.js';

/** Non-warm-up lessons used on a customer day (GET /api/usage's `data_used`). */
export const usageOn = (state: PracticeState, day: string): number => state.usageByDay[day] ?? 0;

/** The skill preferences (GET /api/focus): every selected skill with its level. */
export const selectedSkills = (state: PracticeState): SkillPreference[] =>
  SKILLS.filter((skill) => state.selected[skill]).map((focus) => ({ focus, level: state.levels[focus] }));
