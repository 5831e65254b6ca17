import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, SimulatedClock, transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import type { ScheduledLesson } from '../scheduler/practice-schedule.js';
import { withTake, type LessonTakeHistory } from '../scheduler/take-history.js';
import { planTempo } from '../scheduler/tempo-plan.js';
import type { TakeScore } from '../timing/score-take.js';
import { takeOfAnyLength, takeScore } from '../testing/take-fixtures.js';
import { isFullTake, MIN_FULL_TAKE_NOTES } from '../timing/take-plausibility.js';
import type { LessonCardEvent, LessonCardInput, PracticeActivityRecord } from './lesson-card-machine.js';
import {
  isEmptySchedule,
  isLastLessonOf,
  lessonCardMachine,
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
  // A clock that stands still: these steps take no time.
  let [snapshot] = initialTransition(lessonCardMachine, { clock: () => 0, ...input });
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
  describe('the last lesson', () => {
    it('is known once the lessons before it are evaluated (its back then finishes the practice)', () => {
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

    it("keeps the lesson's last take through the back and 'back to lesson', and forgets it on the next lesson", () => {
      const take: TakeScore = {
        expected: 32,
        hit: 31,
        missed: 1,
        extra: 0,
        meanOffsetMs: 12,
        spreadMs: 6,
        accuracy: 84.5,
        dynamics: null,
        hits: [],
      };
      const scored: LessonCardEvent = { type: 'take.scored', score: take, bpm: 80 };
      expect(run({ lessons: [groove, fill] }).snapshot.context.lastTake).toBeNull();
      // Scored on the front, or as the card turned while the pattern played.
      expect(run({ lessons: [groove, fill] }, scored, evaluate, back).snapshot.context.lastTake).toEqual(
        take,
      );
      expect(run({ lessons: [groove, fill] }, evaluate, scored, back).snapshot.context.lastTake).toEqual(
        take,
      );
      const later = { ...take, accuracy: 97 };
      expect(
        run({ lessons: [groove, fill] }, scored, { type: 'take.scored', score: later, bpm: 84 }).snapshot
          .context.lastTake,
      ).toEqual(later);
      expect(run({ lessons: [groove, fill] }, scored, evaluate, submit).snapshot.context.lastTake).toBeNull();
    });

    it('keeps the full takes the suggestion follows: a false start is shown (the last take), never one of them', () => {
      const take = takeScore({ expected: MIN_FULL_TAKE_NOTES, hit: MIN_FULL_TAKE_NOTES, accuracy: 92 });
      const falseStart = takeScore({
        expected: MIN_FULL_TAKE_NOTES - 1,
        hit: MIN_FULL_TAKE_NOTES - 1,
        accuracy: 100,
      });
      const { context } = run(
        { lessons: [groove, fill] },
        { type: 'take.scored', score: take, bpm: 80 },
        { type: 'take.scored', score: falseStart, bpm: 84 },
      ).snapshot;
      expect(context.lastTake).toEqual(falseStart);
      expect(context.fullTakes).toEqual([{ bpm: 80, accuracy: 92 }]);
      const next = run(
        { lessons: [groove, fill] },
        { type: 'take.scored', score: take, bpm: 80 },
        evaluate,
        submit,
      ).snapshot.context;
      expect(next.fullTakes).toEqual([]);
    });

    it('never lets a take shorter than a full one be what the suggestion follows (property)', () => {
      fc.assert(
        fc.property(fc.array(takeOfAnyLength, { maxLength: 12 }), (takes) => {
          const { context } = run(
            { lessons: [groove] },
            ...takes.map((take): LessonCardEvent => ({
              type: 'take.scored',
              score: takeScore({ expected: take.expected, hit: take.hits, accuracy: take.accuracy }),
              bpm: take.bpm,
            })),
          ).snapshot;
          // Every take is shown (the last one); only the full ones are what the suggestion follows.
          expect(context.lastTake?.expected ?? null).toBe(takes.at(-1)?.expected ?? null);
          expect(context.fullTakes).toEqual(
            takes.filter(isFullTake).map(({ bpm, accuracy }) => ({ bpm, accuracy })),
          );
        }),
      );
    });

    const fullTake = (bpm: number, accuracy: number): LessonCardEvent => ({
      type: 'take.scored',
      score: takeScore({ expected: MIN_FULL_TAKE_NOTES, hit: MIN_FULL_TAKE_NOTES, accuracy }),
      bpm,
    });

    it("starts the slider where the play's full takes point by the tempo plan's rule, not at the last take", () => {
      const position = (...events: LessonCardEvent[]) =>
        DIFFICULTY_RATINGS[run({ lessons: [groove] }, ...events).snapshot.context.ratingPosition];
      // 92 % at 84 allows 88; the later 60 % at 88 (once) does not pull the suggestion down to hard.
      expect(position(fullTake(84, 92), fullTake(88, 60), evaluate)).toBe('easy');
      // 88 failed twice caps the next start at 84: the drummer stays, so challenging.
      expect(position(fullTake(84, 92), fullTake(88, 50), fullTake(88, 55), evaluate)).toBe('challenging');
      expect(position(fullTake(84, 60), evaluate)).toBe('hard');
      // A take scored while the back is showing moves the slider too.
      expect(position(fullTake(84, 75), evaluate, fullTake(84, 95))).toBe('easy');
      // A drummer who moved the slider keeps their choice until a new take.
      expect(position(fullTake(84, 75), evaluate, rate(4))).toBe('too_hard');
    });

    it('leaves an uncalibrated take out of what the suggestion follows, as the tempo plan does', () => {
      const uncalibrated: LessonCardEvent = { ...fullTake(88, 98), calibrated: false } as LessonCardEvent;
      const { context } = run({ lessons: [groove] }, fullTake(84, 60), uncalibrated, evaluate).snapshot;
      expect(context.fullTakes).toEqual([{ bpm: 84, accuracy: 60 }]);
      expect(DIFFICULTY_RATINGS[context.ratingPosition]).toBe('hard');
      // It is still the take the coach shows.
      expect(context.lastTake?.accuracy).toBe(98);
    });

    it('suggests the rating that says where the tempo plan of the same takes goes (property)', () => {
      const takes = fc.array(
        fc.tuple(
          fc.integer({ min: 60, max: 100 }),
          fc.integer({ min: 0, max: 1000 }).map((p) => p / 10),
        ),
        { minLength: 1, maxLength: 12 },
      );
      fc.assert(
        fc.property(takes, (marks) => {
          const { context } = run(
            { lessons: [groove] },
            ...marks.map(([bpm, accuracy]) => fullTake(bpm, accuracy)),
            evaluate,
          ).snapshot;
          const history = marks.reduce<LessonTakeHistory | undefined>(
            (played, [bpm, accuracy], i) =>
              withTake(played, { bpm, accuracy, playId: 'p1', at: new Date(i * 60_000).toISOString() }),
            undefined,
          );
          // start_bpm 80: the lesson's range (48-120 bpm) never clamps a plan from takes at 60-100 bpm.
          const plan = planTempo({ lesson_id: 21, start_bpm: 80 }, history, undefined, new Date(0));
          if (plan.basis.kind !== 'takes') throw new Error('a plan from takes');
          // The plan goes up: easy (1), stays: challenging (2), steps back: hard (3).
          expect(context.ratingPosition).toBe(2 - Math.sign(plan.startBpm - plan.basis.bpm));
        }),
      );
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
        {
          type: 'recordPracticeActivity',
          params: {
            countLessonsPracticed: 1,
            practiceDurationMinutes: 1,
            practiceDurationSeconds: 0,
            warmUp: false,
          },
        },
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
    /** The simulated clock is both the stopwatch's time source and the timers' scheduler. */
    const clocked = (lessons: ScheduledLesson[], machine = lessonCardMachine) => {
      const clock = new SimulatedClock();
      const actor = createActor(machine, { input: { lessons, clock: () => clock.now() }, clock }).start();
      /** Time passing with timers firing on time (a visible tab), in steps of a tenth of a second. */
      const seconds = (n: number) => {
        for (let i = 0; i < n * 10; i += 1) clock.increment(STOPWATCH_TICK_MS / 10);
      };
      /**
       * Time passing in a background tab or on a locked phone: no timer fires until the page
       * wakes, then each due timer fires once, late.
       */
      const asleep = (n: number) => clock.set(clock.now() + n * STOPWATCH_TICK_MS);
      const shown = () => actor.getSnapshot().context.elapsedSeconds;
      return { actor, clock, seconds, asleep, shown };
    };

    it('shows each second while running and holds while paused', () => {
      const { actor, seconds, shown } = clocked([groove, fill]);
      seconds(3);
      expect(shown()).toBe(3);

      actor.send({ type: 'stopwatch.toggle' });
      seconds(5);
      expect(shown()).toBe(3);
      expect(actor.getSnapshot().matches({ practising: { stopwatch: 'paused' } })).toBe(true);

      actor.send({ type: 'stopwatch.toggle' });
      seconds(2);
      expect(shown()).toBe(5);
    });

    it('derives the time from timestamps: a tab asleep for 90 s shows 90 s on waking, not one tick more', () => {
      const { seconds, asleep, shown } = clocked([groove, fill]);
      seconds(2);
      asleep(90);
      expect(shown()).toBe(92);
      seconds(1);
      expect(shown()).toBe(93);
    });

    it('leaves out a pause that spans a sleep, and counts a run that does', () => {
      const { actor, seconds, asleep, shown } = clocked([groove, fill]);
      seconds(10);
      actor.send({ type: 'stopwatch.toggle' });
      asleep(600);
      expect(shown()).toBe(10);
      actor.send({ type: 'stopwatch.toggle' });
      asleep(50);
      expect(shown()).toBe(60);
    });

    it('reports each lesson from timestamps: whole minutes (at least 1) for the API, exact seconds for the report', () => {
      const activities: PracticeActivityRecord[] = [];
      const { actor, seconds, asleep } = clocked(
        [warmUp, groove, fill, groove],
        lessonCardMachine.provide({
          actions: { recordPracticeActivity: (_, activity) => activities.push(activity) },
        }),
      );
      seconds(150);
      actor.send(evaluate);
      seconds(30);
      actor.send(submit);
      // A lesson practised with the phone locked for 4 minutes still counts its 4 minutes.
      asleep(240);
      actor.send(evaluate);
      actor.send(submit);
      // A quick click-through counts its few seconds, not a minute.
      seconds(2);
      actor.send(evaluate);
      actor.send(submit);
      expect(actor.getSnapshot().context.elapsedSeconds).toBe(422);
      expect(activities).toEqual([
        { countLessonsPracticed: 1, practiceDurationMinutes: 3, practiceDurationSeconds: 180, warmUp: true },
        { countLessonsPracticed: 1, practiceDurationMinutes: 4, practiceDurationSeconds: 240, warmUp: false },
        { countLessonsPracticed: 1, practiceDurationMinutes: 1, practiceDurationSeconds: 2, warmUp: false },
      ]);
    });

    it('keeps the fractions of a second, so the report can sum quick lessons before rounding', () => {
      const activities: PracticeActivityRecord[] = [];
      const { actor, clock } = clocked(
        [groove, fill, groove, fill],
        lessonCardMachine.provide({
          actions: { recordPracticeActivity: (_, activity) => activities.push(activity) },
        }),
      );
      for (let lesson = 0; lesson < 3; lesson++) {
        clock.increment(700);
        actor.send(evaluate);
        actor.send(submit);
      }
      expect(activities.map((activity) => activity.practiceDurationSeconds)).toEqual([0.7, 0.7, 0.7]);
      expect(activities.map((activity) => activity.practiceDurationMinutes)).toEqual([1, 1, 1]);
    });

    it('leaves a paused stretch out of the lesson it falls in', () => {
      const activities: PracticeActivityRecord[] = [];
      const { actor, seconds, asleep } = clocked(
        [groove, fill],
        lessonCardMachine.provide({
          actions: { recordPracticeActivity: (_, activity) => activities.push(activity) },
        }),
      );
      seconds(70);
      actor.send({ type: 'stopwatch.toggle' });
      asleep(300);
      actor.send({ type: 'stopwatch.toggle' });
      seconds(5);
      actor.send(evaluate);
      actor.send(submit);
      expect(activities.map((activity) => activity.practiceDurationSeconds)).toEqual([75]);
    });

    it('never runs backwards when the device clock is set back', () => {
      let now = 1_000_000;
      const actor = createActor(lessonCardMachine, {
        input: { lessons: [groove, fill], clock: () => now },
      }).start();
      now += 5_000;
      actor.send({ type: 'stopwatch.toggle' });
      expect(actor.getSnapshot().context.elapsedSeconds).toBe(5);
      actor.send({ type: 'stopwatch.toggle' });
      now -= 60_000;
      actor.send({ type: 'stopwatch.toggle' });
      expect(actor.getSnapshot().context.elapsedSeconds).toBe(5);
      actor.stop();
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

  describe('one transport', () => {
    const play = (mode: 'pattern' | 'metronome' = 'pattern'): LessonCardEvent => ({
      type: 'transport.play',
      mode,
    });
    const stop: LessonCardEvent = { type: 'transport.stop' };
    const playing = (snapshot: Snapshot) => snapshot.matches({ practising: { transport: 'playing' } });
    const stopwatchRuns = (snapshot: Snapshot) => snapshot.matches({ practising: { stopwatch: 'running' } });

    it('opens stopped, on the pattern; play and stop move the whole card', () => {
      const opened = run({ lessons: [groove, fill] });
      expect(playing(opened.snapshot)).toBe(false);
      expect(opened.snapshot.context.transportMode).toBe('pattern');
      expect(playing(run({ lessons: [groove, fill] }, play()).snapshot)).toBe(true);
      expect(playing(run({ lessons: [groove, fill] }, play(), stop).snapshot)).toBe(false);
    });

    it('pausing the stopwatch (the top "Pause") stops the transport too', () => {
      const { snapshot } = run({ lessons: [groove, fill] }, play(), { type: 'stopwatch.toggle' });
      expect(stopwatchRuns(snapshot)).toBe(false);
      expect(playing(snapshot)).toBe(false);
    });

    it('playing with the stopwatch paused starts the stopwatch', () => {
      const { snapshot } = run({ lessons: [groove, fill] }, { type: 'stopwatch.toggle' }, play('metronome'));
      expect(stopwatchRuns(snapshot)).toBe(true);
      expect(playing(snapshot)).toBe(true);
      expect(snapshot.context.transportMode).toBe('metronome');
    });

    it('stopping keeps the stopwatch running (the drummer is still on the card)', () => {
      const { snapshot } = run({ lessons: [groove, fill] }, play(), stop);
      expect(stopwatchRuns(snapshot)).toBe(true);
    });

    it('remembers the last mode, so Space plays it again', () => {
      const { snapshot } = run({ lessons: [groove, fill] }, play('metronome'), stop);
      expect(snapshot.context.transportMode).toBe('metronome');
    });

    it('switches between pattern and metronome without stopping', () => {
      const { snapshot } = run({ lessons: [groove, fill] }, play('metronome'), play('pattern'));
      expect(playing(snapshot)).toBe(true);
      expect(snapshot.context.transportMode).toBe('pattern');
    });

    it('a hidden page or the audio cut off stops it and says why, until it plays again', () => {
      const hidden = run({ lessons: [groove, fill] }, play(), {
        type: 'transport.interrupted',
        by: 'hidden',
      });
      expect(playing(hidden.snapshot)).toBe(false);
      expect(hidden.snapshot.context.transportStoppedBy).toBe('hidden');
      const again = run(
        { lessons: [groove, fill] },
        play(),
        { type: 'transport.interrupted', by: 'audio' },
        play(),
      );
      expect(playing(again.snapshot)).toBe(true);
      expect(again.snapshot.context.transportStoppedBy).toBeNull();
    });

    it('an interruption while stopped changes nothing', () => {
      const { snapshot } = run({ lessons: [groove, fill] }, { type: 'transport.interrupted', by: 'hidden' });
      expect(snapshot.context.transportStoppedBy).toBeNull();
    });

    it('turning the card stops it, and the next lesson opens stopped', () => {
      const turned = run({ lessons: [groove, fill] }, play(), evaluate);
      expect(playing(turned.snapshot)).toBe(false);
      const next = run({ lessons: [groove, fill] }, play(), evaluate, submit);
      expect(cardSide(next.snapshot)).toBe('front');
      expect(next.snapshot.context.lessonIndex).toBe(1);
      expect(playing(next.snapshot)).toBe(false);
    });
  });
});
