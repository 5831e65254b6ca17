import { combineSlices } from '@reduxjs/toolkit';
import type { ScheduledLesson } from '@stickwork/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { sessionSlice } from '../../lib/session/session-slice';
import { fakeToken } from '../../testing/fake-token';
import { startSaga } from '../../testing/saga-harness';
import type {
  FinishExerciseResponse,
  LessonProgressResponse,
  PracticeScheduleResponse,
} from './practice-api';
import { SESSION_FAILED_MESSAGE } from './practice-messages';
import { practiceSaga, type PracticeDependencies } from './practice-saga';
import {
  dailyLimitReached,
  lessonEvaluated,
  lessonUsageCounted,
  overviewOpened,
  practiceActivityRecorded,
  practiceScheduleReset,
  practiceSessionReceived,
  practiceSessionRefused,
  practiceSessionRequested,
  practiceSlice,
  progressReceived,
  progressRefreshRequested,
  progressUnavailable,
  scheduleProgressed,
  practiceResumed,
  timingScored,
  unfinishedScheduleFound,
} from './practice-slice';
import type { StoredSchedule } from './stored-schedule';

const reducer = combineSlices(sessionSlice, practiceSlice);
type State = ReturnType<typeof reducer>;

const lesson = (
  lesson_id: number,
  type: ScheduledLesson['type'],
  focus: ScheduledLesson['focus'],
): ScheduledLesson => ({
  lesson_id,
  name: `Lesson ${lesson_id}`,
  focus,
  min_level: 'starter',
  max_level: 'beginner',
  pad_sufficient: false,
  description_text: 'Play it slowly.',
  start_bpm: 60,
  number_repetition: 4,
  practice_time: 5,
  type,
});

const schedule = (lessons: ScheduledLesson[]): PracticeScheduleResponse => ({
  lessons,
  currentLessonIndex: 0,
  targetPracticeTime: 30,
  practiceTimeBeforeCurrentExercise: 0,
});

const progress: LessonProgressResponse = {
  progress: [{ skillName: 'timing', skillLevel: 'starter', levelProgress: 10, selected: true }],
  stats: { hours: 1, minutes: 75, lessons: 9, longestStreak: 3, currentStreak: 2 },
};

const request = {
  skillPreference: [{ focus: 'timing' as const, level: 'starter' as const }],
  practiceTime: 30,
  padSufficient: false,
};

/** A take of lesson 2 the timing coach scored. */
const take = {
  lessonId: 2,
  input: 'midi' as const,
  bpm: 96,
  expected: 16,
  hits: 15,
  missed: 1,
  extra: 0,
  meanOffsetMs: 15,
  spreadMs: 6,
  accuracy: 88.5,
};

/** The server's answer to an evaluation of a lesson practised for real. */
const credited: FinishExerciseResponse = {
  lessonId: 2,
  skipped: false,
  countedTowardProgress: true,
  earned: true,
  practisedSeconds: 300,
  masteryShown: false,
};

const fakeDependencies = (overrides: Partial<PracticeDependencies> = {}): PracticeDependencies => ({
  requestSchedule: vi.fn(async () =>
    schedule([lesson(1, 'warm_up', 'warm_up'), lesson(2, 'exercise', 'timing')]),
  ),
  fetchFocus: vi.fn(async () => ({ skillPreference: request.skillPreference })),
  fetchLessonProgress: vi.fn(async () => progress),
  fetchUsage: vi.fn(async () => ({ lesson: { data_used: 0 }, lessonsLeftToday: 3 })),
  postFinishExercise: vi.fn(async () => credited),
  postUsage: vi.fn(async () => ({ lesson: { data_used: 1 }, lessonsLeftToday: 2 })),
  postPracticeActivity: vi.fn(async () => ({})),
  postTimingScored: vi.fn(async () => ({}) as never),
  readStoredSchedule: vi.fn(() => null),
  writeStoredSchedule: vi.fn(),
  clearStoredSchedule: vi.fn(),
  logError: vi.fn(),
  ...overrides,
});

const stateFor = (status: string): State => ({
  session: {
    token: fakeToken({
      firstname: 'Ringo',
      subscription_status: status,
      activeTier: status === 'freemium' ? 'freemium' : 'premium',
    }),
  },
  practice: practiceSlice.getInitialState(),
});

const start = (dependencies: PracticeDependencies, status = 'freemium') =>
  startSaga(() => practiceSaga(dependencies), reducer, stateFor(status));

let running: ReturnType<typeof start> | undefined;
afterEach(() => running?.stop());

describe('requesting a practice session', () => {
  it('a schedule is stored for resuming and starts the lesson card', async () => {
    const dependencies = fakeDependencies();
    running = start(dependencies);
    running.dispatch(practiceSessionRequested(request));
    await running.waitFor(practiceSessionReceived.type);
    expect(dependencies.requestSchedule).toHaveBeenCalledWith(request);
    const session = running.state().practice.session;
    expect(session?.lessons.map((l) => l.lesson_id)).toEqual([1, 2]);
    expect(dependencies.writeStoredSchedule).toHaveBeenCalledWith(session);
    expect(running.state().practice.requestStatus).toBe('idle');
  });

  it('a 429 opens the upsell modal for a freemium customer', async () => {
    const dependencies = fakeDependencies({
      requestSchedule: vi.fn(async () => {
        throw new ApiError(429, 'Free lesson limit reached', { message: 'Free lesson limit reached' });
      }),
    });
    running = start(dependencies);
    running.dispatch(practiceSessionRequested(request));
    await running.waitFor(dailyLimitReached.type);
    expect(running.state().practice.upsellOpen).toBe(true);
    expect(running.state().practice.session).toBeNull();
  });

  it('a 429 never opens the upsell while trialing; the message shows instead', async () => {
    const dependencies = fakeDependencies({
      requestSchedule: vi.fn(async () => {
        throw new ApiError(429, 'Free lesson limit reached', null);
      }),
    });
    running = start(dependencies, 'trialing');
    running.dispatch(practiceSessionRequested(request));
    await running.waitFor(practiceSessionRefused.type);
    expect(running.state().practice.upsellOpen).toBe(false);
    expect(running.state().practice.requestError).toBe(SESSION_FAILED_MESSAGE);
  });

  it('an empty schedule is an error shown as the generic message', async () => {
    const dependencies = fakeDependencies({ requestSchedule: vi.fn(async () => schedule([])) });
    running = start(dependencies);
    running.dispatch(practiceSessionRequested(request));
    await running.waitFor(practiceSessionRefused.type);
    expect(running.state().practice.requestError).toBe(SESSION_FAILED_MESSAGE);
    expect(dependencies.logError).toHaveBeenCalledWith(
      'Could not receive practice session',
      expect.anything(),
    );
    expect(dependencies.writeStoredSchedule).not.toHaveBeenCalled();
  });

  it("another 4xx shows the server's message; a 5xx or network failure the generic one", async () => {
    const refusing = fakeDependencies({
      requestSchedule: vi.fn(async () => {
        throw new ApiError(400, 'Drum Pad lessons come with the Premium plan.', null);
      }),
    });
    running = start(refusing);
    running.dispatch(practiceSessionRequested(request));
    await running.waitFor(practiceSessionRefused.type);
    expect(running.state().practice.requestError).toBe('Drum Pad lessons come with the Premium plan.');
    running.stop();

    const offline = fakeDependencies({
      requestSchedule: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    running = start(offline);
    running.dispatch(practiceSessionRequested(request));
    await running.waitFor(practiceSessionRefused.type);
    expect(running.state().practice.requestError).toBe(SESSION_FAILED_MESSAGE);
  });

  it('a 5xx shows the generic message and is logged, never the server text', async () => {
    const failing = fakeDependencies({
      requestSchedule: vi.fn(async () => {
        throw new ApiError(503, 'The practice store cannot be read.', null);
      }),
    });
    running = start(failing);
    running.dispatch(practiceSessionRequested(request));
    await running.waitFor(practiceSessionRefused.type);
    expect(running.state().practice.requestError).toBe(SESSION_FAILED_MESSAGE);
    expect(running.state().practice.upsellOpen).toBe(false);
    expect(failing.logError).toHaveBeenCalledWith(
      'Could not request a practice session.',
      expect.any(ApiError),
    );
  });
});

describe('opening the overview', () => {
  it('loads skills and stats, and offers an unfinished session', async () => {
    const stored: StoredSchedule = {
      ...schedule([lesson(1, 'warm_up', 'warm_up'), lesson(2, 'exercise', 'timing')]),
      currentLessonIndex: 1,
    };
    const dependencies = fakeDependencies({ readStoredSchedule: vi.fn(() => stored) });
    running = start(dependencies);
    running.dispatch(overviewOpened());
    await running.waitFor(progressReceived.type);
    await vi.waitFor(() =>
      expect(running?.state().practice.skillPreference).toEqual(request.skillPreference),
    );
    expect(running.state().practice.resumable).toEqual(stored);
    expect(running.state().practice.progress?.stats.hours).toBe(1);
    expect(running.state().practice.upsellOpen).toBe(false);
  });

  it('a freemium customer who used up today opens the upsell right away', async () => {
    const dependencies = fakeDependencies({
      fetchUsage: vi.fn(async () => ({ lesson: { data_used: 3 }, lessonsLeftToday: 0 })),
    });
    running = start(dependencies);
    running.dispatch(overviewOpened());
    await running.waitFor(dailyLimitReached.type);
    expect(running.state().practice.upsellOpen).toBe(true);
  });
});

describe('recording a session', () => {
  it('posts evaluation, usage and activity in order, keeps the schedule in step, then reads progress and clears it', async () => {
    const order: string[] = [];
    const dependencies = fakeDependencies({
      postFinishExercise: vi.fn(async () => {
        order.push('finishExercise');
        return credited;
      }),
      postUsage: vi.fn(async () => {
        order.push('usage');
        return { lesson: { data_used: 1 }, lessonsLeftToday: 2 };
      }),
      postPracticeActivity: vi.fn(async () => void order.push('practiceActivity')),
      fetchLessonProgress: vi.fn(async () => {
        order.push('progress');
        return progress;
      }),
      writeStoredSchedule: vi.fn(() => void order.push('store')),
      clearStoredSchedule: vi.fn(() => void order.push('clear')),
    });
    running = start(dependencies);
    running.dispatch(
      practiceSessionReceived({
        ...schedule([lesson(1, 'warm_up', 'warm_up'), lesson(2, 'exercise', 'timing')]),
      }),
    );
    const evaluation = {
      lessonId: 2,
      type: 'exercise' as const,
      ratingDifficulty: 'too_easy' as const,
      skipLesson: true,
    };
    running.dispatch(lessonEvaluated({ evaluation, focus: 'timing' }));
    running.dispatch(lessonUsageCounted({ lessonId: 2 }));
    running.dispatch(
      practiceActivityRecorded({
        countLessonsPracticed: 1,
        practiceDurationMinutes: 4,
        practiceDurationSeconds: 275,
        warmUp: false,
      }),
    );
    running.dispatch(scheduleProgressed({ currentLessonIndex: 1, practiceTimeBeforeCurrentExercise: 5 }));
    await vi.waitFor(() => expect(order).toContain('store'));
    running.dispatch(progressRefreshRequested());
    running.dispatch(practiceScheduleReset());
    await vi.waitFor(() => expect(order).toContain('clear'));
    // The run is stored with the session after each evaluation and step, so a reload's report keeps it.
    expect(order).toEqual([
      'finishExercise',
      'store',
      'usage',
      'practiceActivity',
      'store',
      'progress',
      'clear',
    ]);
    expect(dependencies.postFinishExercise).toHaveBeenCalledWith(evaluation);
    expect(dependencies.postPracticeActivity).toHaveBeenCalledWith({
      countLessonsPracticed: 1,
      practiceDurationMinutes: 4,
    });
    expect(dependencies.writeStoredSchedule).toHaveBeenCalledWith(
      expect.objectContaining({ currentLessonIndex: 1, practiceTimeBeforeCurrentExercise: 5 }),
    );
    expect(running.state().practice.session).toBeNull();
  });

  it("the session's end reads progress afresh: 'refreshing' until its answer, 'unavailable' if it fails", async () => {
    let answer: (value: LessonProgressResponse) => void = () => {};
    const dependencies = fakeDependencies({
      fetchLessonProgress: vi.fn(() => new Promise<LessonProgressResponse>((resolve) => (answer = resolve))),
    });
    running = start(dependencies);
    expect(running.state().practice.progressStatus).toBe('current');
    running.dispatch(progressRefreshRequested());
    expect(running.state().practice.progressStatus).toBe('refreshing');
    await vi.waitFor(() => expect(dependencies.fetchLessonProgress).toHaveBeenCalledTimes(1));
    answer(progress);
    await running.waitFor(progressReceived.type);
    expect(running.state().practice.progressStatus).toBe('current');

    vi.mocked(dependencies.fetchLessonProgress).mockRejectedValueOnce(new ApiError(503, 'down', null));
    running.dispatch(progressRefreshRequested());
    await running.waitFor(progressUnavailable.type);
    expect(running.state().practice.progressStatus).toBe('unavailable');
    expect(running.state().practice.progress).toEqual(progress);
  });

  it('keeps a lesson that earned nothing for the card and the report, stored with the session for a reload', async () => {
    const unearned: FinishExerciseResponse = { ...credited, earned: false, practisedSeconds: 3 };
    const dependencies = fakeDependencies({ postFinishExercise: vi.fn(async () => unearned) });
    const saga = start(dependencies);
    running = saga;
    saga.dispatch(
      practiceSessionReceived(schedule([lesson(1, 'warm_up', 'warm_up'), lesson(2, 'exercise', 'timing')])),
    );
    saga.dispatch(timingScored({ ...take, lessonId: 2 }));
    saga.dispatch(
      lessonEvaluated({
        evaluation: { lessonId: 2, type: 'exercise', ratingDifficulty: 'easy', skipLesson: false },
        focus: 'timing',
      }),
    );
    const credit = {
      lessonId: 2,
      name: 'Lesson 2',
      earned: false,
      practisedSeconds: 3,
      skipped: false,
      masteryShown: false,
    };
    await vi.waitFor(() => expect(saga.state().practice.lastCredit).toEqual(credit));
    expect(saga.state().practice.run.unearned).toEqual([credit]);
    expect(saga.state().practice.run.takes).toEqual([
      { lessonId: 2, bpm: take.bpm, accuracy: take.accuracy, input: take.input },
    ]);
    await vi.waitFor(() =>
      expect(dependencies.writeStoredSchedule).toHaveBeenLastCalledWith(
        expect.objectContaining({ run: expect.objectContaining({ unearned: [credit] }) }),
      ),
    );
    // After a reload the session is resumed with its run: the report still counts the lessons before.
    const stored = vi.mocked(dependencies.writeStoredSchedule).mock.lastCall![0];
    saga.dispatch(unfinishedScheduleFound(stored));
    saga.dispatch(practiceResumed());
    expect(saga.state().practice.run).toEqual(stored.run);
  });

  it('a failed post is only logged and the next one still goes out', async () => {
    const dependencies = fakeDependencies({
      postFinishExercise: vi.fn(async () => {
        throw new ApiError(404, 'Unknown lesson', null);
      }),
    });
    running = start(dependencies);
    running.dispatch(
      lessonEvaluated({
        evaluation: { lessonId: 9, type: 'exercise', ratingDifficulty: 'easy', skipLesson: false },
        focus: 'timing',
      }),
    );
    running.dispatch(
      practiceActivityRecorded({
        countLessonsPracticed: 1,
        practiceDurationMinutes: 1,
        practiceDurationSeconds: 20,
        warmUp: false,
      }),
    );
    await vi.waitFor(() => expect(dependencies.postPracticeActivity).toHaveBeenCalled());
    expect(dependencies.logError).toHaveBeenCalledTimes(1);
  });
});

describe('recording a timing take', () => {
  const evaluation = {
    lessonId: 2,
    type: 'exercise' as const,
    ratingDifficulty: 'easy' as const,
    skipLesson: false,
  };

  it('posts the take before the evaluation that follows it, even when the take is slow to answer', async () => {
    const order: string[] = [];
    let answerTake: () => void = () => {};
    const dependencies = fakeDependencies({
      postTimingScored: vi.fn(
        () =>
          new Promise<never>((resolve) => {
            answerTake = () => {
              order.push('timing');
              resolve({} as never);
            };
          }),
      ),
      postFinishExercise: vi.fn(async () => {
        order.push('finishExercise');
        return credited;
      }),
    });
    running = start(dependencies);
    running.dispatch(timingScored(take));
    running.dispatch(lessonEvaluated({ evaluation, focus: 'timing' }));
    await vi.waitFor(() => expect(dependencies.postTimingScored).toHaveBeenCalledWith(take));
    // The card has moved on already: the evaluation went into the reducer while the take is in flight.
    expect(running.state().practice.run.lessonsPractised).toBe(1);
    expect(dependencies.postFinishExercise).not.toHaveBeenCalled();
    answerTake();
    await vi.waitFor(() => expect(order).toEqual(['timing', 'finishExercise']));
  });

  it('a failed take is only logged, and the evaluation still goes out', async () => {
    const dependencies = fakeDependencies({
      postTimingScored: vi.fn(async () => {
        throw new ApiError(400, 'missed hits and missed must add up to expected', null);
      }),
    });
    running = start(dependencies);
    running.dispatch(timingScored(take));
    running.dispatch(lessonEvaluated({ evaluation, focus: 'timing' }));
    await vi.waitFor(() => expect(dependencies.postFinishExercise).toHaveBeenCalledWith(evaluation));
    expect(dependencies.logError).toHaveBeenCalledTimes(1);
    expect(dependencies.logError).toHaveBeenCalledWith(
      `Could not record ${timingScored.type}.`,
      expect.any(ApiError),
    );
  });
});
