import { assign, enqueueActions, setup } from 'xstate';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import {
  DEFAULT_DIFFICULTY_POSITION,
  DIFFICULTY_RATINGS,
  difficultyRatingAt,
} from '../rules/difficulty-ratings.js';
import type { ScheduledLesson } from '../scheduler/practice-schedule.js';
import type { FinishExerciseRequest, PracticeActivityRequest } from '../schemas/practice-requests.js';
import { TAKES_KEPT_PER_PLAY, type TakeMark } from '../scheduler/take-history.js';
import { judgePlay } from '../scheduler/tempo-plan.js';
import type { TakeScore } from '../timing/score-take.js';
import { takeTeachesPlans } from '../timing/take-plausibility.js';

/**
 * The lesson card of a practice session (product-spec §2 "Lesson card", §4 "Practice flow"): a front
 * with the lesson and a back with the evaluation, a stopwatch, and the walk through the schedule.
 * What the buttons say is app-web's (features/practice/lesson-card-buttons.ts): the machine decides
 * what a press does, never the words on it.
 */

/** Lesson id 0 or no lessons at all: the schedule service found nothing, which is an error. */
export const isEmptySchedule = (lessons: readonly Pick<ScheduledLesson, 'lesson_id'>[]): boolean =>
  lessons.length === 0 || lessons.every((lesson) => lesson.lesson_id === 0);

const LAST_RATING_POSITION = DIFFICULTY_RATINGS.length - 1;
/** The stopwatch shows whole seconds; it wakes at each next second of its reading to show it. */
export const STOPWATCH_TICK_MS = 1000;

/** Milliseconds since the epoch, as Date.now() gives them. */
export type LessonCardClock = () => number;

/**
 * The stopwatch is derived from timestamps, never counted tick by tick: a background tab or a locked
 * phone delays or drops timers, and a tick counter would then undercount. `runningSince` is when the
 * current run started (null while paused); `accumulatedMs` is what the runs before it lasted.
 */
export interface StopwatchState {
  accumulatedMs: number;
  runningSince: number | null;
}

/** The stopwatch's reading at `now`, pauses left out; a clock set back never makes it run backwards. */
export const stopwatchReadingMs = (stopwatch: StopwatchState, now: number): number =>
  stopwatch.accumulatedMs + (stopwatch.runningSince === null ? 0 : Math.max(0, now - stopwatch.runningSince));

export interface LessonCardInput {
  lessons: ScheduledLesson[];
  /** Resuming an unfinished schedule starts where it stopped. */
  currentLessonIndex?: number;
  /** Minutes of the lessons before the current one. */
  practiceTimeBeforeCurrentExercise?: number;
  /** The stopwatch's time source; the browser's Date.now unless a test supplies its own. */
  clock?: LessonCardClock;
}

export interface LessonCardContext {
  lessons: ScheduledLesson[];
  lessonIndex: number;
  practiceTimeBeforeCurrentExercise: number;
  /** Difficulty slider position 0 (too_easy) to 4 (too_hard). */
  ratingPosition: number;
  /** 'I have mastered this lesson.' */
  mastered: boolean;
  clock: LessonCardClock;
  stopwatch: StopwatchState;
  /** The stopwatch's reading in whole seconds, as last shown. */
  elapsedSeconds: number;
  /** The stopwatch's reading (ms) when the current lesson began, for the practice activity. */
  lessonStartedAtMs: number;
  /** The stopwatch's reading (ms) when the current lesson was evaluated. */
  lessonEndedAtMs: number;
  /** What the card's one transport plays (or played last): Space and the top button start this again. */
  transportMode: TransportMode;
  /** Why the transport stopped on its own (the page hidden, the audio cut off), shown until it plays again. */
  transportStoppedBy: TransportInterruption | null;
  /**
   * The timing coach's last finished take of this lesson: the back suggests its rating, and "back to
   * lesson" shows its summary again (the front's coach is new after each turn). None on a new lesson.
   */
  lastTake: TakeScore | null;
  /**
   * This lesson's full takes played calibrated (`takeTeachesPlans`), oldest first, the latest `TAKES_KEPT_PER_PLAY` as the server
   * keeps them: the back's slider starts at the rating `judgePlay` gives them, the rule of the tempo plan.
   */
  fullTakes: TakeMark[];
}

/** The slider position the play's full takes suggest (`judgePlay`); null without a full take. */
export const suggestedRatingPosition = (fullTakes: readonly TakeMark[]): number | null => {
  const verdict = judgePlay(fullTakes);
  return verdict ? DIFFICULTY_RATINGS.indexOf(verdict.rating) : null;
};

/** The card's one transport plays the lesson's pattern or the metronome alone. */
export type TransportMode = 'pattern' | 'metronome';
/** What stops the transport without the drummer: a hidden page (tab, locked phone) or the audio cut off. */
export type TransportInterruption = 'hidden' | 'audio';

export type LessonCardEvent =
  | { type: 'card.evaluate' }
  | { type: 'card.back' }
  | { type: 'rating.set'; position: number }
  | { type: 'mastered.toggle' }
  | { type: 'evaluation.submit' }
  | { type: 'practice.finish' }
  | { type: 'stopwatch.toggle' }
  /** Pattern or metronome, count-in, stopwatch and coach start together (the stopwatch resumes if paused). */
  | { type: 'transport.play'; mode: TransportMode }
  | { type: 'transport.stop' }
  | { type: 'transport.interrupted'; by: TransportInterruption }
  /** The timing coach finished scoring a take (also when the card turned while the pattern played). */
  | { type: 'take.scored'; score: TakeScore; bpm: number; calibrated?: boolean };

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

/**
 * One lesson practised: what POST /api/practiceActivity takes (whole elapsed minutes, at least one:
 * product-spec §7), and for the practice report the exact seconds and whether it was a warm-up, so the
 * report sums seconds before rounding and shows warm-ups apart from lessons.
 */
export interface PracticeActivityRecord extends PracticeActivityRequest {
  practiceDurationSeconds: number;
  warmUp: boolean;
}

export const practiceActivityOf = (context: LessonCardContext): PracticeActivityRecord => {
  // Not rounded here: the report sums the lessons' seconds first, so five 0.8 s click-throughs make 4 s.
  const seconds = Math.max(0, context.lessonEndedAtMs - context.lessonStartedAtMs) / 1000;
  return {
    countLessonsPracticed: 1,
    practiceDurationMinutes: Math.max(1, Math.floor(seconds / 60)),
    practiceDurationSeconds: seconds,
    warmUp: isWarmUp(context),
  };
};

/** Milliseconds from `now` until the stopwatch's reading reaches its next whole second. */
const untilNextSecond = (context: LessonCardContext): number => {
  const reading = stopwatchReadingMs(context.stopwatch, context.clock());
  return STOPWATCH_TICK_MS - (reading % STOPWATCH_TICK_MS);
};

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
    recordPracticeActivity: (_, _activity: PracticeActivityRecord) => {},
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
      lessonStartedAtMs: context.lessonEndedAtMs,
      lastTake: null,
      fullTakes: [],
    })),
    endLesson: assign(({ context }) => {
      const reading = stopwatchReadingMs(context.stopwatch, context.clock());
      return { lessonEndedAtMs: reading, elapsedSeconds: Math.floor(reading / STOPWATCH_TICK_MS) };
    }),
    showReading: assign(({ context }) => ({
      elapsedSeconds: Math.floor(stopwatchReadingMs(context.stopwatch, context.clock()) / STOPWATCH_TICK_MS),
    })),
    pauseStopwatch: assign(({ context }) => {
      const reading = stopwatchReadingMs(context.stopwatch, context.clock());
      return {
        stopwatch: { accumulatedMs: reading, runningSince: null },
        elapsedSeconds: Math.floor(reading / STOPWATCH_TICK_MS),
      };
    }),
    resumeStopwatch: assign(({ context }) => ({
      stopwatch: { accumulatedMs: context.stopwatch.accumulatedMs, runningSince: context.clock() },
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
    // Wakes when the reading reaches its next second; a timer that fires early wakes again at once.
    stopwatchTick: ({ context }) => untilNextSecond(context),
  },
}).createMachine({
  id: 'lessonCard',
  context: ({ input }) => {
    const clock = input.clock ?? (() => Date.now());
    return {
      lessons: input.lessons,
      lessonIndex: Math.min(
        Math.max(input.currentLessonIndex ?? 0, 0),
        Math.max(input.lessons.length - 1, 0),
      ),
      practiceTimeBeforeCurrentExercise: input.practiceTimeBeforeCurrentExercise ?? 0,
      ratingPosition: DEFAULT_DIFFICULTY_POSITION,
      mastered: false,
      clock,
      stopwatch: { accumulatedMs: 0, runningSince: clock() },
      elapsedSeconds: 0,
      lessonStartedAtMs: 0,
      lessonEndedAtMs: 0,
      transportMode: 'pattern',
      transportStoppedBy: null,
      lastTake: null,
      fullTakes: [],
    };
  },
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
      on: {
        // A full, calibrated take joins the play's takes and moves the slider to what they suggest (also
        // when the card turned while the pattern played); a short or uncalibrated one is only shown.
        'take.scored': {
          actions: assign(({ context, event }) => {
            if (!takeTeachesPlans({ ...event.score, calibrated: event.calibrated }))
              return { lastTake: event.score };
            const fullTakes = [
              ...context.fullTakes,
              { bpm: event.bpm, accuracy: event.score.accuracy },
            ].slice(-TAKES_KEPT_PER_PLAY);
            return {
              lastTake: event.score,
              fullTakes,
              ratingPosition: suggestedRatingPosition(fullTakes) ?? context.ratingPosition,
            };
          }),
        },
      },
      states: {
        card: {
          initial: 'front',
          states: {
            front: {
              on: {
                'card.evaluate': {
                  target: 'back',
                  actions: [
                    'scrollToTop',
                    'resetMetronome',
                    assign({
                      ratingPosition: ({ context }) =>
                        suggestedRatingPosition(context.fullTakes) ?? context.ratingPosition,
                    }),
                  ],
                },
              },
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
              entry: [
                'endLesson',
                enqueueActions(({ context, enqueue }) => {
                  const evaluation = lessonEvaluationOf(context);
                  enqueue({ type: 'recordEvaluation', params: evaluation });
                  if (evaluation.type !== 'warm_up') {
                    enqueue({ type: 'countUsage', params: { lessonId: evaluation.lessonId } });
                  }
                  enqueue({ type: 'recordPracticeActivity', params: practiceActivityOf(context) });
                }),
              ],
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
                stopwatchTick: { target: 'running', reenter: true, actions: 'showReading' },
              },
              on: { 'stopwatch.toggle': { target: 'paused', actions: 'pauseStopwatch' } },
            },
            paused: {
              on: {
                'stopwatch.toggle': { target: 'running', actions: 'resumeStopwatch' },
                // Playing is practising: the stopwatch never stands still while the drummer plays.
                'transport.play': { target: 'running', actions: 'resumeStopwatch' },
              },
            },
          },
        },
        /**
         * The card's one transport: pattern (or metronome), count-in, stopwatch and timing coach start
         * and stop together. Pausing the stopwatch pauses everything; turning the card stops it.
         */
        transport: {
          initial: 'stopped',
          states: {
            stopped: {
              on: {
                'transport.play': {
                  target: 'playing',
                  actions: assign({ transportMode: ({ event }) => event.mode, transportStoppedBy: null }),
                },
              },
            },
            playing: {
              on: {
                'transport.play': {
                  actions: assign({ transportMode: ({ event }) => event.mode }),
                },
                'transport.stop': 'stopped',
                'transport.interrupted': {
                  target: 'stopped',
                  actions: assign({ transportStoppedBy: ({ event }) => event.by }),
                },
                'stopwatch.toggle': 'stopped',
                'card.evaluate': 'stopped',
              },
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
