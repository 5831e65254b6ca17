import type { Exercise } from '../catalogue/exercise.js';
import { SKILLS } from '../rules/skills.js';
import type { SkillPreference } from '../scheduler/generate-schedule.js';
import { planTempo, type TempoPlan } from '../scheduler/tempo-plan.js';
import type { PracticeState } from './practice-state.js';

/** Non-warm-up lessons used on a customer day (GET /api/usage's `data_used`). */
export const usageOn = (state: PracticeState, day: string): number => state.usageByDay[day] ?? 0;

/** The skill preferences (GET /api/focus): every selected skill with its level. */
export const selectedSkills = (state: PracticeState): SkillPreference[] =>
  SKILLS.filter((skill) => state.selected[skill]).map((focus) => ({ focus, level: state.levels[focus] }));

/**
 * The tempo plans at `now` that are not the catalogue's, by lesson id: every lesson whose takes or
 * too-hard rating set its start tempo (what `stickwork replay` and the data export show).
 */
export const plannedTempos = (
  state: Pick<PracticeState, 'takeHistory' | 'evaluations'>,
  now: Date,
  lessonOf: (lessonId: number) => Pick<Exercise, 'lesson_id' | 'start_bpm'> | undefined,
): TempoPlan[] =>
  [...new Set([...state.takeHistory.keys(), ...state.evaluations.keys()])]
    .sort((a, b) => a - b)
    .flatMap((lessonId) => {
      const lesson = lessonOf(lessonId);
      if (!lesson) return [];
      const plan = planTempo(lesson, state.takeHistory.get(lessonId), state.evaluations.get(lessonId), now);
      return plan.basis.kind === 'catalogue' ? [] : [plan];
    });
