import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, SimulatedClock, transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { ScheduledLesson } from '../scheduler/practice-schedule.js';
import type { LessonCardEvent, LessonCardInput } from './lesson-card-machine.js';
import {
  isEmptySchedule,
  isLastLessonOf,
  lessonBackButtonText,
  lessonCardMachine,
  lessonFrontButtonText,
  STOPWATCH_TICK_MS,
} from './lesson-card-machine.js';

type Snapshot = SnapshotFrom<typeof lessonCardMachine>;
type Action = { type: string; params?: unknown };

const lesson = (lesson_id: number, type: ScheduledLesson['type'], practice_time = 10): ScheduledLesson => ({
  lesson_id,
  name: `Lesson ${lesson_id}`,
  focus: type === 'warm_up' ? 'warm_up' : 'timing',
  min_level: 'starter',
  max_level: 'pro',
  pad_sufficient: true,
  description_text: 'Play it slowly.',
  start_bpm: 80,
  number_repetition: 4,
  practice_time,
  type,
});

const warmUp = lesson(11, 'warm_up', 5);
const groove = lesson(21, 'exercise', 10);
const fill = lesson(22, 'exercise', 15);
const limit = lesson(-1, 'limit_reached', 0);

const evaluate: LessonCardEvent = { type: 'card.evaluate' };
const back: LessonCardEvent = { type: 'card.back' };
const submit: LessonCardEvent = { type: 'evaluation.submit' };
const master: LessonCardEvent = { type: 'mastered.toggle' };
const rate = (position: number): LessonCardEvent => ({ type: 'rating.set', position });

/** Runs the events purely and collects the named actions they ask the app to perform. */
const run = (input: LessonCardInput, ...events: LessonCardEvent[]) => {
  let [snapshot] = initialTransition(lessonCardMachine, input);
  const actions: Action[][] = [];
  for (const event of events) {
    const [next, executable] = transition(lessonCardMachine, snapshot, event);
    snapshot = next;
    actions.push(
      executable.filter((a) => !a.type.startsWith('xstate.')).map(({ type, params }) => ({ type, params })),
    );
  }
  return { snapshot, actions, last: actions.at(-1) ?? [] };
};

const types = (actions: Action[]) => actions.map((a) => a.type);
const cardSide = (snapshot: Snapshot) =>
  snapshot.matches({ practising: { card: 'front' } })
    ? 'front'
    : snapshot.matches({ practising: { card: 'back' } })
      ? 'back'
      : 'none';

describe('lesson card', () => {
  describe('button texts', () => {
    it("reads 'warmed up' on a warm-up's front and 'evaluate lesson' on any other", () => {
      expect(lessonFrontButtonText(warmUp)).toBe('warmed up');
      expect(lessonFrontButtonText(groove)).toBe('evaluate lesson');
    });

    it("reads 'finish practice' on the last lesson's back and 'evaluate lesson' before", () => {
      expect(lessonBackButtonText(true)).toBe('finish practice');
      expect(lessonBackButtonText(false)).toBe('evaluate lesson');
      expect(isLastLessonOf(run({ lessons: [warmUp, groove] }).snapshot.context)).toBe(false);
      expect(isLastLessonOf(run({ lessons: [warmUp, groove] }, evaluate, submit).snapshot.context)).toBe(
        true,
      );
    });
  });

  describe('When the card turns', () => {
    it('starts on the front of the first lesson with the stopwatch running', () => {
      const { snapshot } = run({ lessons: [warmUp, groove] });
      expect(cardSide(snapshot)).toBe('front');
      expect(snapshot.matches({ practising: { stopwatch: 'running' } })).toBe(true);
      expect(snapshot.context.lessonIndex).toBe(0);
    });

    it('turns to the back and again to the front, scrolling to top and resetting the metronome each time', () => {
      const toBack = run({ lessons: [groove] }, evaluate);
      expect(cardSide(toBack.snapshot)).toBe('back');
      expect(types(toBack.last)).toEqual(['scrollToTop', 'resetMetronome']);

      const toFront = run({ lessons: [groove] }, evaluate, back);
      expect(cardSide(toFront.snapshot)).toBe('front');
      expect(types(toFront.last)).toEqual(['scrollToTop', 'resetMetronome']);
    });

    it('starts the slider at challenging (2) and clamps it to 0-4', () => {
      expect(run({ lessons: [groove] }, evaluate).snapshot.context.ratingPosition).toBe(2);
      expect(run({ lessons: [groove] }, evaluate, rate(9)).snapshot.context.ratingPosition).toBe(4);
      expect(run({ lessons: [groove] }, evaluate, rate(-1)).snapshot.context.ratingPosition).toBe(0);
    });
  });

  describe('When a lesson is evaluated', () => {
    it('records the rating, counts usage and practice activity, then shows the next lesson', () => {
      const { snapshot, last } = run({ lessons: [groove, fill] }, evaluate, rate(3), submit);
      expect(last).toEqual([
        {
          type: 'recordEvaluation',
          params: { lessonId: 21, type: 'exercise', ratingDifficulty: 'hard', skipLesson: false },
        },
        { type: 'countUsage', params: { lessonId: 21 } },
        { type: 'recordPracticeActivity', params: { countLessonsPracticed: 1, practiceDurationMinutes: 1 } },
        {
          type: 'storeScheduleProgress',
          params: { currentLessonIndex: 1, practiceTimeBeforeCurrentExercise: 10 },
        },
        { type: 'scrollToTop', params: undefined },
        { type: 'resetMetronome', params: undefined },
      ]);
      expect(cardSide(snapshot)).toBe('front');
      expect(snapshot.context).toMatchObject({
        lessonIndex: 1,
        practiceTimeBeforeCurrentExercise: 10,
        ratingPosition: 2,
        mastered: false,
      });
    });

    it('records a mastered lesson as too_easy and skipped', () => {
      const { last } = run({ lessons: [groove, fill] }, evaluate, rate(4), master, submit);
      expect(last[0]).toEqual({
        type: 'recordEvaluation',
        params: { lessonId: 21, type: 'exercise', ratingDifficulty: 'too_easy', skipLesson: true },
      });
    });

    it('posts no usage entry for a warm-up and offers no mastered box', () => {
      const onBack = run({ lessons: [warmUp, groove] }, evaluate).snapshot;
      expect(onBack.can(master)).toBe(false);

      const { last } = run({ lessons: [warmUp, groove] }, evaluate, master, submit);
      expect(types(last)).not.toContain('countUsage');
      expect(last[0]).toEqual({
        type: 'recordEvaluation',
        params: { lessonId: 11, type: 'warm_up', ratingDifficulty: 'challenging', skipLesson: false },
      });
    });

    it('moves the practice-time baseline by each lesson and resumes from a stored position', () => {
      const resumed = run(
        {
          lessons: [warmUp, groove, fill, groove],
          currentLessonIndex: 1,
          practiceTimeBeforeCurrentExercise: 5,
        },
        evaluate,
        submit,
        evaluate,
        submit,
      ).snapshot;
      expect(resumed.context.lessonIndex).toBe(3);
      expect(resumed.context.practiceTimeBeforeCurrentExercise).toBe(5 + 10 + 15);
    });
  });

  describe('When the session ends', () => {
    it('finishes after the last lesson: refreshes progress, opens the report and resets the schedule', () => {
      const { snapshot, last } = run({ lessons: [warmUp, groove] }, evaluate, submit, evaluate, submit);
      expect(snapshot.status).toBe('done');
      expect(types(last)).toEqual([
        'recordEvaluation',
        'countUsage',
        'recordPracticeActivity',
        'refreshProgress',
        'openPracticeReport',
        'resetSchedule',
      ]);
    });

    it('shows the daily-limit overlay on a limit_reached lesson and finishes from its button', () => {
      const atLimit = run({ lessons: [groove, limit] }, evaluate, submit);
      expect(atLimit.snapshot.value).toBe('limitReached');
      expect(atLimit.snapshot.context.lessonIndex).toBe(1);
      expect(types(atLimit.last)).not.toContain('openPracticeReport');

      const finished = run({ lessons: [groove, limit] }, evaluate, submit, { type: 'practice.finish' });
      expect(finished.snapshot.status).toBe('done');
      expect(types(finished.last)).toEqual(['refreshProgress', 'openPracticeReport', 'resetSchedule']);
    });

    it('goes straight to the overlay when the schedule opens on a limit_reached lesson', () => {
      expect(run({ lessons: [limit] }).snapshot.value).toBe('limitReached');
    });

    it('treats an empty schedule as an error and never shows a card', () => {
      expect(isEmptySchedule([])).toBe(true);
      expect(isEmptySchedule([lesson(0, 'exercise')])).toBe(true);
      expect(isEmptySchedule([groove])).toBe(false);
      const { snapshot } = run({ lessons: [lesson(0, 'exercise')] });
      expect(snapshot.value).toBe('emptySchedule');
      expect(snapshot.status).toBe('done');
    });
  });

  describe('stopwatch', () => {
    const clocked = (lessons: ScheduledLesson[], machine = lessonCardMachine) => {
      const clock = new SimulatedClock();
      const actor = createActor(machine, { input: { lessons }, clock }).start();
      // One tick at a time: the simulated clock fires a timer set during a step only on a later step.
      const seconds = (n: number) => {
        for (let i = 0; i < n; i += 1) clock.increment(STOPWATCH_TICK_MS);
      };
      return { actor, seconds };
    };

    it('ticks each second while running and holds while paused', () => {
      const { actor, seconds } = clocked([groove, fill]);
      seconds(3);
      expect(actor.getSnapshot().context.elapsedSeconds).toBe(3);

      actor.send({ type: 'stopwatch.toggle' });
      seconds(5);
      expect(actor.getSnapshot().context.elapsedSeconds).toBe(3);
      expect(actor.getSnapshot().matches({ practising: { stopwatch: 'paused' } })).toBe(true);

      actor.send({ type: 'stopwatch.toggle' });
      seconds(2);
      expect(actor.getSnapshot().context.elapsedSeconds).toBe(5);
    });

    it('keeps ticking while the card turns and reports the whole minutes of each lesson, at least 1', () => {
      const minutes: number[] = [];
      const { actor, seconds } = clocked(
        [groove, fill, groove],
        lessonCardMachine.provide({
          actions: {
            recordPracticeActivity: (_, activity) => minutes.push(activity.practiceDurationMinutes),
          },
        }),
      );
      seconds(150);
      actor.send(evaluate);
      seconds(30);
      actor.send(submit);
      seconds(20);
      actor.send(evaluate);
      actor.send(submit);
      expect(actor.getSnapshot().context.elapsedSeconds).toBe(200);
      expect(minutes).toEqual([3, 1]);
    });

    it('stops when the session finishes', () => {
      const { actor, seconds } = clocked([groove]);
      seconds(4);
      actor.send(evaluate);
      actor.send(submit);
      seconds(10);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.elapsedSeconds).toBe(4);
    });
  });
});
