import {
  evolvePractice,
  initialPracticeState,
  SKILLS,
  type CustomerProgressEntry,
  type Level,
  type PracticeState,
  type Skill,
} from '@stickwork/domain';
import { customerKeyOf, isCustomerErased } from './customer-key.js';
import { asPracticeEvent } from './practice-event.js';
import { defineProjection } from './projection.js';

/** Per customer: every skill's level, whether it is chosen, and the progress through its level. */
export interface PracticeProgressModel {
  levels: Record<Skill, Level>;
  selected: Record<Skill, boolean>;
  /** Percent 0-100, reset to 0 when the level changes. */
  progress: Record<Skill, number>;
  /** The registration's self-rating has been saved. */
  selfRated: boolean;
}

const toModel = ({ levels, selected, progress, selfRated }: PracticeState): PracticeProgressModel => ({
  levels: { ...levels },
  selected: { ...selected },
  progress: { ...progress },
  selfRated,
});

export const initialPracticeProgress = (): PracticeProgressModel => toModel(initialPracticeState());

/**
 * Levels and progress follow exactly the practice decider's own `evolve`, so the read model can
 * never disagree with what the commands decide on (the usage and evaluation history it also
 * keeps are not part of this model).
 */
export const practiceProgressProjection = defineProjection<PracticeProgressModel>({
  name: 'practice_progress',
  canHandle: [
    'SkillsSelfRated',
    'SkillLevelChanged',
    'SkillPreferenceChanged',
    'LevelRaised',
    'LessonEvaluated',
    'PracticeHistoryErased',
    'CustomerErased',
  ],
  keyOf: customerKeyOf,
  initialState: initialPracticeProgress,
  evolve: (model, event) => {
    if (isCustomerErased(event)) return null;
    const practiceEvent = asPracticeEvent(event);
    if (!practiceEvent) return model;
    const state: PracticeState = { ...initialPracticeState(), ...model };
    return toModel(evolvePractice(state, practiceEvent));
  },
});

/** GET /api/progress: one entry per skill, in skill order. */
export const progressEntries = (model: PracticeProgressModel): CustomerProgressEntry[] =>
  SKILLS.map((skillName) => ({
    skillName,
    skillLevel: model.levels[skillName],
    levelProgress: model.progress[skillName],
  }));
