import { assign, setup } from 'xstate';
import type { LevelIndex } from '../rules/levels.js';
import { levelAt } from '../rules/levels.js';
import { maxLevelIndexFor } from '../rules/level-descriptions.js';
import { QUESTIONNAIRE_QUESTIONS } from '../rules/limits.js';
import { QUESTIONNAIRE_PRESETS } from '../rules/questionnaire-presets.js';
import type { Skill } from '../rules/skills.js';
import { SKILLS } from '../rules/skills.js';
import type { SkillSelfRatingEntry } from '../schemas/practice-requests.js';

/** Registration step 1 (product-spec §2 and §4 "Registration"): the yes/no skill questionnaire. */

export type QuestionnaireAnswer = 'yes' | 'no';
export type SkillLevelIndices = Record<Skill, LevelIndex>;

const LAST_QUESTION_INDEX = QUESTIONNAIRE_QUESTIONS - 1;

const levelsFromRow = (row: readonly LevelIndex[]): SkillLevelIndices =>
  Object.fromEntries(SKILLS.map((skill, i) => [skill, row[i] ?? 0])) as SkillLevelIndices;

/** Preset level indices for every skill after `yesAnswers` yes answers (0 to 4). */
export const questionnairePresetLevels = (yesAnswers: number): SkillLevelIndices => {
  const row = QUESTIONNAIRE_PRESETS[yesAnswers];
  if (row === undefined)
    throw new RangeError(`yes answers ${yesAnswers} is outside 0-${QUESTIONNAIRE_QUESTIONS}`);
  return levelsFromRow(row);
};

/** Before any answer every skill is unset. */
const UNSET_LEVELS = levelsFromRow([]);

/** The slider range (product-spec §5): beginner_course 0 to 1, the others 0 to 7. */
export const clampSkillLevelIndex = (skill: Skill, index: number): LevelIndex => {
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), maxLevelIndexFor(skill)) as LevelIndex;
};

/** The skillSelfRating list registration submits: index 0 means unselected (product-spec §4). */
export const questionnaireSelfRating = (levels: SkillLevelIndices): SkillSelfRatingEntry[] =>
  SKILLS.map((skill) => ({ skillName: skill, selected: levels[skill] > 0, level: levelAt(levels[skill]) }));

export interface QuestionnaireContext {
  /** 0 to 3 while in the quiz. */
  questionIndex: number;
  /** answers[i] is the answer to question i; the current question may not be answered yet. */
  answers: QuestionnaireAnswer[];
  /** Level index per skill, what the advanced-settings sliders show and what registration submits. */
  levels: SkillLevelIndices;
  advancedSettingsOpen: boolean;
}

export type QuestionnaireEvent =
  | { type: 'questionnaire.start' }
  | { type: 'answer.chosen'; answer: QuestionnaireAnswer }
  | { type: 'question.next' }
  | { type: 'question.back' }
  | { type: 'advanced_settings.toggle' }
  | { type: 'level.set'; skill: Skill; index: number };

export interface QuestionnaireOutput {
  levels: SkillLevelIndices;
  answers: QuestionnaireAnswer[];
}

const initialContext = (): QuestionnaireContext => ({
  questionIndex: 0,
  answers: [],
  levels: UNSET_LEVELS,
  advancedSettingsOpen: false,
});

const yesCount = (answers: readonly QuestionnaireAnswer[]): number =>
  answers.filter((a) => a === 'yes').length;
const currentAnswer = (context: QuestionnaireContext): QuestionnaireAnswer | undefined =>
  context.answers[context.questionIndex];

export const questionnaireMachine = setup({
  types: {
    context: {} as QuestionnaireContext,
    events: {} as QuestionnaireEvent,
    output: {} as QuestionnaireOutput,
  },
  actions: {
    /** Lets the wizard move on to 'Personal Data'; the app supplies it. */
    questionnaireCompleted: (_, _output: QuestionnaireOutput) => {},
  },
  guards: {
    hasAnswer: ({ context }) => currentAnswer(context) !== undefined,
    answeredYesBeforeLastQuestion: ({ context }) =>
      currentAnswer(context) === 'yes' && context.questionIndex < LAST_QUESTION_INDEX,
    onFirstQuestion: ({ context }) => context.questionIndex === 0,
    /** Advanced settings exist only after a yes on the last question. */
    advancedSettingsAvailable: ({ context }) =>
      context.questionIndex === LAST_QUESTION_INDEX && currentAnswer(context) === 'yes',
    advancedSettingsOpen: ({ context }) => context.advancedSettingsOpen,
  },
}).createMachine({
  id: 'questionnaire',
  context: initialContext,
  initial: 'intro',
  output: ({ context }) => ({ levels: context.levels, answers: context.answers }),
  states: {
    intro: {
      on: { 'questionnaire.start': { target: 'quiz' } },
    },
    quiz: {
      on: {
        'answer.chosen': {
          actions: assign(({ context, event }) => {
            const answers = [...context.answers.slice(0, context.questionIndex), event.answer];
            return {
              answers,
              levels: questionnairePresetLevels(yesCount(answers)),
              advancedSettingsOpen: event.answer === 'yes' && context.advancedSettingsOpen,
            };
          }),
        },
        'question.next': [
          {
            guard: 'answeredYesBeforeLastQuestion',
            actions: assign({ questionIndex: ({ context }) => context.questionIndex + 1 }),
          },
          // A no on any question, or any answer on the last one, ends the questionnaire.
          { guard: 'hasAnswer', target: 'done' },
        ],
        'question.back': [
          { guard: 'onFirstQuestion', target: 'intro', actions: assign(initialContext) },
          {
            actions: assign(({ context }) => {
              // Keep the previous question's answer so Next is enabled there again.
              const answers = context.answers.slice(0, context.questionIndex);
              return {
                questionIndex: context.questionIndex - 1,
                answers,
                levels: questionnairePresetLevels(yesCount(answers)),
                advancedSettingsOpen: false,
              };
            }),
          },
        ],
        'advanced_settings.toggle': {
          guard: 'advancedSettingsAvailable',
          actions: assign({ advancedSettingsOpen: ({ context }) => !context.advancedSettingsOpen }),
        },
        'level.set': {
          guard: 'advancedSettingsOpen',
          actions: assign({
            levels: ({ context, event }) => ({
              ...context.levels,
              [event.skill]: clampSkillLevelIndex(event.skill, event.index),
            }),
          }),
        },
      },
    },
    done: {
      type: 'final',
      entry: {
        type: 'questionnaireCompleted',
        params: ({ context }) => ({ levels: context.levels, answers: context.answers }),
      },
    },
  },
});
