import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exercise } from '../catalogue/exercise.js';
import { PROGRESS_INCREMENTS } from '../progress/level-progress.js';
import { minimumPracticeMs, passMs } from '../progress/practice-clock.js';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import { takeFigures } from '../testing/take-fixtures.js';
import type { PracticeCommand } from './practice-commands.js';
import { practiceDecider } from './practice-decider.js';
import type { LessonEvaluated, PracticeEvent } from './practice-events.js';
import type { PracticeState } from './practice-state.js';

const start = Date.parse('2026-05-04T18:00:00.000Z');

/** Timing lessons for a beginner: two bars of 4/4 at `start_bpm`, `practice_time` minutes. */
const lessonOf = (lesson_id: number, practice_time: number, start_bpm: number) =>
  ({
    lesson_id,
    focus: 'timing',
    type: 'exercise',
    min_level: 'starter',
    max_level: 'advanced',
    practice_time,
    start_bpm,
    notation: { timeSignature: { beats: 4, beatUnit: 4 }, subdivision: 4, bars: 2, notes: [] },
  }) satisfies Pick<
    Exercise,
    'lesson_id' | 'focus' | 'type' | 'min_level' | 'max_level' | 'practice_time' | 'start_bpm' | 'notation'
  >;
const lessons = [lessonOf(1, 2, 60), lessonOf(2, 4, 90), lessonOf(3, 8, 120)];

/** Runs commands at their times through the decider, as the command handler does. */
const run = (state: PracticeState, steps: { at: number; command: Omit<PracticeCommand, 'metadata'> }[]) => {
  const events: PracticeEvent[] = [];
  for (const { at, command } of steps) {
    const decided = practiceDecider.decide(
      { ...command, metadata: { now: new Date(at) } } as PracticeCommand,
      state,
    );
    state = decided.reduce(practiceDecider.evolve, state);
    events.push(...decided);
  }
  return { state, events };
};

const rated = run(practiceDecider.initialState(), [
  { at: start, command: { type: 'RateSkills', data: { ratings: [{ skill: 'timing', level: 'beginner' }] } } },
]).state;
const scheduled = (at: number) => ({
  at,
  command: {
    type: 'ScheduleSession' as const,
    data: {
      schedule: {
        lessons: lessons.map(({ notation: _notation, ...lesson }) => ({
          ...lesson,
          name: '',
          pad_sufficient: true,
          number_repetition: 4,
          description_text: '',
        })),
        targetPracticeTime: 14,
        currentLessonIndex: 0 as const,
        practiceTimeBeforeCurrentExercise: 0 as const,
        evaluation: { rating_difficulty: 'challenging' as const },
      },
      skills: [],
      padSufficient: true,
      seed: 1,
    },
  },
});
const evaluate = (at: number, lesson = lessons[1]!, skipped = false, playId: string | null = 'p') => ({
  at,
  command: {
    type: 'EvaluateLesson' as const,
    data: { lesson, ratingDifficulty: 'too_easy' as const, skipped, playId },
  },
});
const take = (at: number, bpm: number, lesson = lessons[1]!, playId = 'p') => ({
  at,
  command: {
    type: 'ScoreTiming' as const,
    data: {
      lesson,
      playId,
      take: takeFigures({ lessonId: lesson.lesson_id, bpm, spreadMs: 4 }),
    },
  },
});
const evaluations = (events: PracticeEvent[]) =>
  events.filter((event): event is LessonEvaluated => event.type === 'LessonEvaluated');

describe('The practice clock', () => {
  it('credits nothing to a session clicked through in seconds, and no practice minutes', () => {
    const clicks = [
      scheduled(start),
      ...Array.from({ length: 13 }, (_, i) => evaluate(start + 400 * (i + 1))),
    ];
    const { state, events } = run(rated, [
      ...clicks,
      { at: start + 6000, command: { type: 'RecordPracticeActivity', data: { lessons: 13, minutes: 13 } } },
    ]);
    expect(evaluations(events).map((event) => event.data.earned)).toEqual(Array(13).fill(false));
    expect(evaluations(events).every((event) => event.data.progressAfter === undefined)).toBe(true);
    expect(events.some((event) => event.type === 'PracticeActivityRecorded')).toBe(false);
    expect(state.progress.timing).toBe(0);
  });

  it('credits a lesson practised for a share of its practice time, by its rating', () => {
    const lesson = lessons[1]!; // 4 minutes: a quarter is one minute
    expect(minimumPracticeMs(lesson, null)).toBe(60_000);
    const early = run(rated, [scheduled(start), evaluate(start + 59_000, lesson)]);
    expect(evaluations(early.events)[0]?.data).toMatchObject({ practisedMs: 59_000, earned: false });
    const practised = run(rated, [scheduled(start), evaluate(start + 60_000, lesson)]);
    expect(evaluations(practised.events)[0]?.data).toMatchObject({
      practisedMs: 60_000,
      earned: true,
      progressAfter: PROGRESS_INCREMENTS.too_easy,
    });
  });

  it('takes one pass of the pattern as enough practice when the play has a take', () => {
    const lesson = lessons[1]!; // two bars of 4/4 at 90 bpm: 5.33 s; at 120 bpm 4 s
    expect(passMs(lesson)).toBeCloseTo(5333.3, 0);
    const { events } = run(rated, [scheduled(start), take(start + 4000, 120), evaluate(start + 4000)]);
    expect(evaluations(events)[0]?.data.earned).toBe(true);
    const tooSoon = run(rated, [scheduled(start), take(start + 3000, 120), evaluate(start + 3000)]);
    expect(evaluations(tooSoon.events)[0]?.data.earned).toBe(false);
  });

  it('credits "I have mastered this lesson" as mastery only with a take played well at its written tempo', () => {
    const lesson = lessons[1]!;
    const slower = run(rated, [
      scheduled(start),
      take(start + 70_000, 80),
      evaluate(start + 70_000, lesson, true),
    ]);
    expect(evaluations(slower.events)[0]?.data).toMatchObject({
      skipped: true,
      masteryShown: false,
      progressAfter: PROGRESS_INCREMENTS.too_easy,
    });
    const atTempo = run(rated, [
      scheduled(start),
      take(start + 70_000, 90),
      evaluate(start + 70_000, lesson, true),
    ]);
    expect(evaluations(atTempo.events)[0]?.data).toMatchObject({
      masteryShown: true,
      progressAfter: PROGRESS_INCREMENTS.mastered,
    });
  });

  it('"I have mastered this lesson" with no take skips the lesson, crediting its practice but not mastery', () => {
    const { events, state } = run(rated, [scheduled(start), evaluate(start + 70_000, lessons[1], true)]);
    expect(evaluations(events)[0]?.data).toMatchObject({
      skipped: true,
      earned: true,
      masteryShown: false,
      progressAfter: PROGRESS_INCREMENTS.too_easy,
    });
    expect(state.progress.timing).toBeLessThan(PROGRESS_INCREMENTS.mastered);
    const clicked = run(rated, [scheduled(start), evaluate(start + 2_000, lessons[1], true)]);
    expect(evaluations(clicked.events)[0]?.data).toMatchObject({ earned: false, masteryShown: false });
    expect(evaluations(clicked.events)[0]?.data.progressAfter).toBeUndefined();
  });

  it('reads a damaged activity or session event without failing: nothing it hid is credited again', () => {
    const practised = run(rated, [scheduled(start), evaluate(start + 70_000, lessons[1])]).state;
    expect(practised.clock.unrecordedMs).toBe(70_000);
    const damaged = (type: 'PracticeActivityRecorded' | 'PracticeSessionScheduled') =>
      ({ type, data: null }) as unknown as PracticeEvent;
    const afterActivity = practiceDecider.evolve(practised, damaged('PracticeActivityRecorded'));
    expect(afterActivity.clock).toEqual({ ...practised.clock, unrecordedMs: 0, unrecordedLessons: 0 });
    expect(practiceDecider.evolve(practised, damaged('PracticeSessionScheduled'))).toEqual(practised);
    const recorded = run(afterActivity, [
      { at: start + 80_000, command: { type: 'RecordPracticeActivity', data: { lessons: 1, minutes: 1 } } },
    ]);
    expect(recorded.events).toEqual([]);
  });

  it('never credits more progress, lessons or minutes than the elapsed time allows (property)', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('evaluate' as const),
        afterMs: fc.integer({ min: 0, max: 5 * 60_000 }),
        lesson: fc.constantFrom(...lessons),
        rating: fc.constantFrom(...DIFFICULTY_RATINGS),
        skipped: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('take' as const),
        afterMs: fc.integer({ min: 0, max: 60_000 }),
        lesson: fc.constantFrom(...lessons),
        bpm: fc.integer({ min: 40, max: 240 }),
      }),
      fc.record({
        kind: fc.constant('activity' as const),
        afterMs: fc.integer({ min: 0, max: 60_000 }),
        lessons: fc.integer({ min: 0, max: 20 }),
        minutes: fc.integer({ min: 1, max: 300 }),
      }),
      fc.record({ kind: fc.constant('schedule' as const), afterMs: fc.integer({ min: 0, max: 60_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let at = start;
        const timed = [
          scheduled(start),
          ...steps.map((next) => {
            at += next.afterMs;
            if (next.kind === 'evaluate') {
              const command = evaluate(at, next.lesson, next.skipped);
              return {
                at,
                command: {
                  ...command.command,
                  data: { ...command.command.data, ratingDifficulty: next.rating },
                },
              };
            }
            if (next.kind === 'take') return take(at, next.bpm, next.lesson);
            if (next.kind === 'activity')
              return {
                at,
                command: {
                  type: 'RecordPracticeActivity' as const,
                  data: { lessons: next.lessons, minutes: next.minutes },
                },
              };
            return scheduled(at);
          }),
        ];
        const { state, events } = run(rated, timed);
        const elapsedMs = at - start;
        const evaluated = evaluations(events);
        const practisedMs = evaluated.reduce((sum, event) => sum + (event.data.practisedMs ?? 0), 0);
        expect(practisedMs).toBeLessThanOrEqual(elapsedMs);
        const earned = evaluated.filter((event) => event.data.earned);
        // Each earned lesson took at least one pass of its pattern at the fastest tempo anyone plays.
        const shortestPass = Math.min(...lessons.map((lesson) => passMs(lesson, 240)));
        expect(earned.length * shortestPass).toBeLessThanOrEqual(elapsedMs);
        expect(
          evaluated.filter((event) => event.data.progressAfter !== undefined).length,
        ).toBeLessThanOrEqual(earned.length);
        expect(state.progress.timing).toBeLessThanOrEqual(earned.length * PROGRESS_INCREMENTS.mastered);
        const activity = events.flatMap((event) =>
          event.type === 'PracticeActivityRecorded' ? [event.data] : [],
        );
        expect(activity.reduce((sum, entry) => sum + entry.minutes, 0) * 60_000).toBeLessThanOrEqual(
          practisedMs,
        );
        expect(activity.reduce((sum, entry) => sum + entry.lessons, 0)).toBeLessThanOrEqual(earned.length);
      }),
      { numRuns: 300 },
    );
  });
});
