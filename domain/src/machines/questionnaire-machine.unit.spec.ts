import { describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { QuestionnaireEvent } from './questionnaire-machine.js';
import {
  clampSkillLevelIndex,
  questionnaireMachine,
  questionnairePresetLevels,
  questionnaireSelfRating,
} from './questionnaire-machine.js';
import { skillSelfRatingRequestSchema } from '../schemas/practice-requests.js';

type Snapshot = SnapshotFrom<typeof questionnaireMachine>;

const run = (...events: QuestionnaireEvent[]): Snapshot =>
  events.reduce<Snapshot>(
    (snapshot, event) => transition(questionnaireMachine, snapshot, event)[0],
    initialTransition(questionnaireMachine)[0],
  );

const start: QuestionnaireEvent = { type: 'questionnaire.start' };
const yes: QuestionnaireEvent = { type: 'answer.chosen', answer: 'yes' };
const no: QuestionnaireEvent = { type: 'answer.chosen', answer: 'no' };
const next: QuestionnaireEvent = { type: 'question.next' };
const back: QuestionnaireEvent = { type: 'question.back' };
const toggle: QuestionnaireEvent = { type: 'advanced_settings.toggle' };

const levelsInSkillOrder = (snapshot: Snapshot) => Object.values(snapshot.context.levels);

describe('questionnaire', () => {
  describe('When on the intro', () => {
    it('starts on the intro with every skill unset', () => {
      const snapshot = run();
      expect(snapshot.value).toBe('intro');
      expect(levelsInSkillOrder(snapshot)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    });

    it('starts the quiz on question 1', () => {
      const snapshot = run(start);
      expect(snapshot.value).toBe('quiz');
      expect(snapshot.context.questionIndex).toBe(0);
    });
  });

  describe('When a question is shown', () => {
    it('keeps Next disabled until an answer is chosen', () => {
      expect(run(start).can(next)).toBe(false);
      expect(run(start, yes).can(next)).toBe(true);
      expect(run(start, yes, next).can(next)).toBe(false);
    });

    it('presets the levels of all skills by the number of yes answers so far', () => {
      expect(levelsInSkillOrder(run(start, no))).toEqual([1, 1, 0, 1, 0, 0, 1, 0]);
      expect(levelsInSkillOrder(run(start, yes))).toEqual([0, 2, 1, 2, 0, 1, 2, 1]);
      expect(levelsInSkillOrder(run(start, yes, next, yes))).toEqual([0, 3, 2, 3, 2, 2, 3, 2]);
      expect(levelsInSkillOrder(run(start, yes, next, yes, next, yes))).toEqual([0, 4, 4, 4, 4, 4, 4, 4]);
      expect(levelsInSkillOrder(run(start, yes, next, yes, next, yes, next, yes))).toEqual([
        0, 6, 6, 6, 6, 6, 7, 7,
      ]);
    });

    it('recomputes the presets when the answer is changed', () => {
      const snapshot = run(start, yes, next, yes, no);
      expect(snapshot.context.answers).toEqual(['yes', 'no']);
      expect(levelsInSkillOrder(snapshot)).toEqual([0, 2, 1, 2, 0, 1, 2, 1]);
    });

    it('goes to the next question after a yes', () => {
      const snapshot = run(start, yes, next);
      expect(snapshot.value).toBe('quiz');
      expect(snapshot.context.questionIndex).toBe(1);
    });

    it('leaves the questionnaire after a no on any question', () => {
      for (const yesesBefore of [0, 1, 2, 3]) {
        const answeredYes = Array.from({ length: yesesBefore }, () => [yes, next]).flat();
        const snapshot = run(start, ...answeredYes, no, next);
        expect(snapshot.status).toBe('done');
        expect(snapshot.output?.answers).toHaveLength(yesesBefore + 1);
      }
    });

    it('leaves the questionnaire after Next on question 4 with the levels as output', () => {
      const snapshot = run(start, yes, next, yes, next, yes, next, yes, next);
      expect(snapshot.status).toBe('done');
      expect(snapshot.output?.levels).toEqual(questionnairePresetLevels(4));
    });
  });

  describe('When going back', () => {
    it('returns from question 1 to the intro and clears the answers', () => {
      const snapshot = run(start, yes, back);
      expect(snapshot.value).toBe('intro');
      expect(snapshot.context.answers).toEqual([]);
      expect(levelsInSkillOrder(snapshot)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    });

    it('goes to the previous question, keeping its answer and its presets', () => {
      const snapshot = run(start, yes, next, yes, next, no, back);
      expect(snapshot.context.questionIndex).toBe(1);
      expect(snapshot.context.answers).toEqual(['yes', 'yes']);
      expect(snapshot.can(next)).toBe(true);
      expect(levelsInSkillOrder(snapshot)).toEqual([0, 3, 2, 3, 2, 2, 3, 2]);
    });
  });

  describe('When on question 4', () => {
    const lastQuestion = [start, yes, next, yes, next, yes, next];

    it('offers the advanced settings only after a yes', () => {
      expect(run(...lastQuestion).can(toggle)).toBe(false);
      expect(run(...lastQuestion, no).can(toggle)).toBe(false);
      expect(run(start, yes).can(toggle)).toBe(false);
      expect(run(...lastQuestion, yes, toggle).context.advancedSettingsOpen).toBe(true);
      expect(run(...lastQuestion, yes, toggle, toggle).context.advancedSettingsOpen).toBe(false);
    });

    it('closes the advanced settings when the answer turns to no', () => {
      expect(run(...lastQuestion, yes, toggle, no).context.advancedSettingsOpen).toBe(false);
    });

    it('sets a skill level from the slider, clamped to its range', () => {
      const open = [...lastQuestion, yes, toggle];
      expect(run(...open, { type: 'level.set', skill: 'timing', index: 3 }).context.levels.timing).toBe(3);
      expect(run(...open, { type: 'level.set', skill: 'timing', index: 12 }).context.levels.timing).toBe(7);
      expect(run(...open, { type: 'level.set', skill: 'grooves', index: -2 }).context.levels.grooves).toBe(0);
      expect(
        run(...open, { type: 'level.set', skill: 'beginner_course', index: 5 }).context.levels
          .beginner_course,
      ).toBe(1);
    });

    it('ignores slider moves while the advanced settings are closed', () => {
      const snapshot = run(...lastQuestion, yes, { type: 'level.set', skill: 'timing', index: 1 });
      expect(snapshot.context.levels.timing).toBe(6);
    });
  });

  it('clamps levels per skill: beginner_course 0-1, others 0-7', () => {
    expect(clampSkillLevelIndex('beginner_course', 1)).toBe(1);
    expect(clampSkillLevelIndex('beginner_course', 2)).toBe(1);
    expect(clampSkillLevelIndex('hand_speed', 7.6)).toBe(7);
    expect(clampSkillLevelIndex('hand_speed', Number.NaN)).toBe(0);
  });

  it('turns the levels into a self-rating the API accepts: index 0 is unselected', () => {
    const rating = questionnaireSelfRating(run(start, no, next).output!.levels);
    expect(rating).toHaveLength(8);
    expect(rating[0]).toEqual({ skillName: 'beginner_course', selected: true, level: 'starter' });
    expect(rating[2]).toEqual({ skillName: 'hand_speed', selected: false, level: 'level not set' });
    expect(skillSelfRatingRequestSchema.safeParse({ skillSelfRating: rating }).success).toBe(true);
  });

  it('reports completion through the provided action', () => {
    const questionnaireCompleted = vi.fn();
    const actor = createActor(
      questionnaireMachine.provide({
        actions: { questionnaireCompleted: (_, output) => questionnaireCompleted(output) },
      }),
    ).start();
    [start, yes, next, no, next].forEach((event) => actor.send(event));
    expect(questionnaireCompleted).toHaveBeenCalledTimes(1);
    expect(questionnaireCompleted).toHaveBeenCalledWith({
      levels: questionnairePresetLevels(1),
      answers: ['yes', 'no'],
    });
  });
});
