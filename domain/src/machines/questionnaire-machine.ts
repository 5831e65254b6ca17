import { assign, setup } from 'xstate';
import type { LevelIndex } from '../rules/levels.js';
import { MAX_LEVEL_INDEX } from '../rules/levels.js';
import { QUESTIONNAIRE_QUESTIONS } from '../rules/limits.js';
import type { Skill } from '../rules/skills.js';
import { SKILLS } from '../rules/skills.js';

/** Registration step 1 (product-spec §2 and §4 "Registration"): the yes/no skill questionnaire. */

export type QuestionnaireAnswer = 'yes' | 'no';
export type SkillLevelIndices = Record<Skill, LevelIndex>;

/** Preset level indices by the number of yes answers (product-spec §4), in SKILLS order. */
const PRESETS_BY_YES_ANSWERS: readonly (readonly LevelIndex[])[] = [
  [1, 1, 0, 1, 0, 0, 1, 0],
  [0, 2, 1, 2, 0, 1, 2, 1],
  [0, 3, 2, 3, 2, 2, 3, 2],
  [0, 4, 4, 4, 4, 4, 4, 4],
  [0, 6, 6, 6, 6, 6, 7, 7],
];

const LAST_QUESTION_INDEX = QUESTIONNAIRE_QUESTIONS - 1;

const levelsFromRow = (row: readonly LevelIndex[]): SkillLevelIndices =>
  Object.fromEntries(SKILLS.map((skill, i) => [skill, row[i] ?? 0])) as SkillLevelIndices;

export const questionnairePresetLevels = (yesAnswers: number): SkillLevelIndices => {
  const row = PRESETS_BY_YES_ANSWERS[Math.min(Math.max(yesAnswers, 0), PRESETS_BY_YES_ANSWERS.length - 1)];
  return levelsFromRow(row ?? []);
};

/** Before any answer every skill is unset. */
const UNSET_LEVELS = levelsFromRow([]);

/** The slider's top: beginner_course has one level description, the others seven (product-spec §5). */
export const maxSkillLevelIndex = (skill: Skill): LevelIndex =>
  skill === 'beginner_course' ? 1 : MAX_LEVEL_INDEX;

export const clampSkillLevelIndex = (skill: Skill, index: number): LevelIndex => {
  if (!Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), maxSkillLevelIndex(skill)) as LevelIndex;
};

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
