import { assign, enqueueActions, setup } from 'xstate';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import {
  DEFAULT_DIFFICULTY_POSITION,
  DIFFICULTY_RATINGS,
  difficultyRatingAt,
} from '../rules/difficulty-ratings.js';
import type { ScheduledLesson } from '../scheduler/practice-schedule.js';
import type { FinishExerciseRequest, PracticeActivityRequest } from '../schemas/practice-requests.js';

/**
 * The lesson card of a practice session (product-spec §2 "Lesson card", §4 "Practice flow"): a front
 * with the lesson and a back with the evaluation, a stopwatch, and the walk through the schedule.
 */

export type LessonCardButtonText = 'warmed up' | 'evaluate lesson' | 'finish practice';

/** The front's button: 'warmed up' for a warm-up, 'evaluate lesson' otherwise. */
export const lessonFrontButtonText = (lesson: Pick<ScheduledLesson, 'type'>): LessonCardButtonText =>
  lesson.type === 'warm_up' ? 'warmed up' : 'evaluate lesson';

/** The back's primary button: 'finish practice' on the last lesson, 'evaluate lesson' otherwise. */
export const lessonBackButtonText = (isLastLesson: boolean): LessonCardButtonText =>
  isLastLesson ? 'finish practice' : 'evaluate lesson';

/** Lesson id 0 or no lessons at all: the schedule service found nothing, which is an error. */
export const isEmptySchedule = (lessons: readonly Pick<ScheduledLesson, 'lesson_id'>[]): boolean =>
  lessons.length === 0 || lessons.every((lesson) => lesson.lesson_id === 0);

const LAST_RATING_POSITION = DIFFICULTY_RATINGS.length - 1;
/** The stopwatch advances once a second; the app may slow or speed it through `.provide({ delays })`. */
export const STOPWATCH_TICK_MS = 1000;

export interface LessonCardInput {
  lessons: ScheduledLesson[];
  /** Resuming an unfinished schedule starts where it stopped. */
  currentLessonIndex?: number;
  /** Minutes of the lessons before the current one. */
  practiceTimeBeforeCurrentExercise?: number;
}

export interface LessonCardContext {
  lessons: ScheduledLesson[];
  lessonIndex: number;
  practiceTimeBeforeCurrentExercise: number;
  /** Difficulty slider position 0 (too_easy) to 4 (too_hard). */
  ratingPosition: number;
  /** 'I have mastered this lesson.' */
  mastered: boolean;
  elapsedSeconds: number;
  /** The stopwatch reading when the current lesson began, for the practice-activity minutes. */
  lessonStartedAtSecond: number;
}

export type LessonCardEvent =
  | { type: 'card.evaluate' }
  | { type: 'card.back' }
  | { type: 'rating.set'; position: number }
  | { type: 'mastered.toggle' }
  | { type: 'evaluation.submit' }
  | { type: 'practice.finish' }
  | { type: 'stopwatch.toggle' };

export interface LessonCardScheduleProgress {
  currentLessonIndex: number;
  practiceTimeBeforeCurrentExercise: number;
}

export const currentLessonOf = (context: LessonCardContext): ScheduledLesson | undefined =>
  context.lessons[context.lessonIndex];

export const isLastLessonOf = (context: LessonCardContext): boolean =>
  context.lessonIndex >= context.lessons.length - 1;

const isWarmUp = (context: LessonCardContext): boolean => currentLessonOf(context)?.type === 'warm_up';

/** What finishExercise records: a mastered lesson counts as too_easy and is skipped from now on. */
export const lessonEvaluationOf = (context: LessonCardContext): FinishExerciseRequest => {
  const lesson = currentLessonOf(context);
  if (lesson === undefined || lesson.type === 'limit_reached') {
    throw new Error(`lesson ${context.lessonIndex} cannot be evaluated`);
  }
  const skipLesson = context.mastered && lesson.type !== 'warm_up';
  const ratingDifficulty: DifficultyRating = skipLesson
    ? 'too_easy'
    : difficultyRatingAt(context.ratingPosition);
  return { lessonId: lesson.lesson_id, type: lesson.type, ratingDifficulty, skipLesson };
};

/** One lesson practised, in whole elapsed minutes and at least one (product-spec §7). */
const practiceActivityOf = (context: LessonCardContext): PracticeActivityRequest => ({
  countLessonsPracticed: 1,
  practiceDurationMinutes: Math.max(
    1,
    Math.floor((context.elapsedSeconds - context.lessonStartedAtSecond) / 60),
  ),
});

const clampPosition = (position: number): number =>
  Number.isFinite(position)
    ? Math.min(Math.max(Math.round(position), 0), LAST_RATING_POSITION)
    : DEFAULT_DIFFICULTY_POSITION;

const storeProgress = {
  type: 'storeScheduleProgress',
  params: ({ context }: { context: LessonCardContext }): LessonCardScheduleProgress => ({
    currentLessonIndex: context.lessonIndex,
    practiceTimeBeforeCurrentExercise: context.practiceTimeBeforeCurrentExercise,
  }),
} as const;

export const lessonCardMachine = setup({
  types: {
    context: {} as LessonCardContext,
    events: {} as LessonCardEvent,
    input: {} as LessonCardInput,
  },
  actions: {
    // Effects the app supplies with .provide(); they do nothing here so the machine stays pure.
    scrollToTop: () => {},
    resetMetronome: () => {},
    /** POST /api/lesson/finishExercise. */
    recordEvaluation: (_, _evaluation: FinishExerciseRequest) => {},
    /** POST /api/usage, never for a warm-up. */
    countUsage: (_, _lesson: { lessonId: number }) => {},
    /** POST /api/practiceActivity. */
    recordPracticeActivity: (_, _activity: PracticeActivityRequest) => {},
    /** Keeps the resumable schedule in step (index and practice-time baseline). */
    storeScheduleProgress: (_, _progress: LessonCardScheduleProgress) => {},
    refreshProgress: () => {},
    openPracticeReport: () => {},
    resetSchedule: () => {},
    goToNextLesson: assign(({ context }) => ({
      lessonIndex: context.lessonIndex + 1,
      practiceTimeBeforeCurrentExercise:
        context.practiceTimeBeforeCurrentExercise + (currentLessonOf(context)?.practice_time ?? 0),
      ratingPosition: DEFAULT_DIFFICULTY_POSITION,
      mastered: false,
      lessonStartedAtSecond: context.elapsedSeconds,
    })),
  },
  guards: {
    scheduleIsEmpty: ({ context }) => isEmptySchedule(context.lessons),
    currentIsLimitReached: ({ context }) => currentLessonOf(context)?.type === 'limit_reached',
    onLastLesson: ({ context }) => isLastLessonOf(context),
    nextIsLimitReached: ({ context }) => context.lessons[context.lessonIndex + 1]?.type === 'limit_reached',
    isNotWarmUp: ({ context }) => !isWarmUp(context),
  },
  delays: {
    stopwatchTick: STOPWATCH_TICK_MS,
  },
}).createMachine({
  id: 'lessonCard',
  context: ({ input }) => ({
    lessons: input.lessons,
    lessonIndex: Math.min(Math.max(input.currentLessonIndex ?? 0, 0), Math.max(input.lessons.length - 1, 0)),
    practiceTimeBeforeCurrentExercise: input.practiceTimeBeforeCurrentExercise ?? 0,
    ratingPosition: DEFAULT_DIFFICULTY_POSITION,
    mastered: false,
    elapsedSeconds: 0,
    lessonStartedAtSecond: 0,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'scheduleIsEmpty', target: 'emptySchedule' },
        { guard: 'currentIsLimitReached', target: 'limitReached' },
        { target: 'practising' },
      ],
    },
    practising: {
      type: 'parallel',
      states: {
        card: {
          initial: 'front',
          states: {
            front: {
              on: { 'card.evaluate': { target: 'back', actions: ['scrollToTop', 'resetMetronome'] } },
            },
            back: {
              on: {
                'card.back': { target: 'front', actions: ['scrollToTop', 'resetMetronome'] },
                'rating.set': {
                  actions: assign({ ratingPosition: ({ event }) => clampPosition(event.position) }),
                },
                // The box is hidden for warm-ups.
                'mastered.toggle': {
                  guard: 'isNotWarmUp',
                  actions: assign({ mastered: ({ context }) => !context.mastered }),
                },
                'evaluation.submit': 'recording',
              },
            },
            /** Records the evaluated lesson, then moves on. */
            recording: {
              entry: enqueueActions(({ context, enqueue }) => {
                const evaluation = lessonEvaluationOf(context);
                enqueue({ type: 'recordEvaluation', params: evaluation });
                if (evaluation.type !== 'warm_up') {
                  enqueue({ type: 'countUsage', params: { lessonId: evaluation.lessonId } });
                }
                enqueue({ type: 'recordPracticeActivity', params: practiceActivityOf(context) });
              }),
              always: [
                { guard: 'onLastLesson', target: '#lessonCard.finished' },
                {
                  guard: 'nextIsLimitReached',
                  target: '#lessonCard.limitReached',
                  actions: ['goToNextLesson', storeProgress],
                },
                {
                  target: 'front',
                  actions: ['goToNextLesson', storeProgress, 'scrollToTop', 'resetMetronome'],
                },
              ],
            },
          },
        },
        stopwatch: {
          initial: 'running',
          states: {
            running: {
              after: {
                stopwatchTick: {
                  target: 'running',
                  reenter: true,
                  actions: assign({ elapsedSeconds: ({ context }) => context.elapsedSeconds + 1 }),
                },
              },
              on: { 'stopwatch.toggle': 'paused' },
            },
            paused: {
              on: { 'stopwatch.toggle': 'running' },
            },
          },
        },
      },
    },
    /** The 'Daily Limit reached' overlay with its 'Finish practice' button. */
    limitReached: {
      on: { 'practice.finish': 'finished' },
    },
    finished: {
      type: 'final',
      entry: ['refreshProgress', 'openPracticeReport', 'resetSchedule'],
    },
    /** Nothing to practise: the app shows the error and never reaches the card. */
    emptySchedule: { type: 'final' },
  },
});
