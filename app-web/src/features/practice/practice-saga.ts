import type { UnknownAction } from '@reduxjs/toolkit';
import { isAuthorised, isEmptySchedule } from '@stickwork/domain';
import type { Channel } from 'redux-saga';
import { actionChannel, all, call, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import { match, P } from 'ts-pattern';
import { requestFailureOf } from '../../lib/request-failure';
import { selectTokenPayload } from '../../lib/session/session-slice';
import {
  fetchFocus,
  fetchLessonProgress,
  fetchUsage,
  postFinishExercise,
  postPracticeActivity,
  postTimingScored,
  postUsage,
  requestSchedule,
  type FinishExerciseResponse,
  type FocusResponse,
  type LessonProgressResponse,
  type PracticeScheduleResponse,
  type UsageResponse,
} from './practice-api';
import { EMPTY_SCHEDULE_ERROR, SESSION_FAILED_MESSAGE } from './practice-messages';
import { planOfToken, subscriptionViewOfToken } from './practice-plan';
import {
  dailyLimitReached,
  focusReceived,
  lessonCredited,
  lessonEvaluated,
  lessonUsageCounted,
  overviewOpened,
  practiceActivityRecorded,
  practiceScheduleReset,
  practiceSessionReceived,
  practiceSessionRefused,
  practiceSessionRequested,
  progressReceived,
  progressUnavailable,
  progressRefreshRequested,
  scheduleProgressed,
  timingScored,
  unfinishedScheduleFound,
  type PracticeReport,
  type PracticeState,
} from './practice-slice';
import {
  clearStoredSchedule,
  readStoredSchedule,
  writeStoredSchedule,
  type StoredSchedule,
} from './stored-schedule';

export interface PracticeDependencies {
  requestSchedule: typeof requestSchedule;
  fetchFocus: typeof fetchFocus;
  fetchLessonProgress: typeof fetchLessonProgress;
  fetchUsage: typeof fetchUsage;
  postFinishExercise: typeof postFinishExercise;
  postUsage: typeof postUsage;
  postPracticeActivity: typeof postPracticeActivity;
  postTimingScored: typeof postTimingScored;
  readStoredSchedule: typeof readStoredSchedule;
  writeStoredSchedule: typeof writeStoredSchedule;
  clearStoredSchedule: typeof clearStoredSchedule;
  logError: (message: string, error: unknown) => void;
}

const browserDependencies: PracticeDependencies = {
  requestSchedule,
  fetchFocus,
  fetchLessonProgress,
  fetchUsage,
  postFinishExercise,
  postUsage,
  postPracticeActivity,
  postTimingScored,
  readStoredSchedule,
  writeStoredSchedule,
  clearStoredSchedule,
  logError: (message, error) => console.error(message, error),
};

const selectUpsellAllowed = (state: Parameters<typeof selectTokenPayload>[0]) =>
  subscriptionViewOfToken(selectTokenPayload(state)).upsellModalAllowed;

const selectSession = (state: { practice: PracticeState }) => state.practice.session;
const selectRun = (state: { practice: PracticeState }) => state.practice.run;

function* loadFocus(dependencies: PracticeDependencies) {
  try {
    const focus: FocusResponse = yield call(dependencies.fetchFocus);
    yield put(focusReceived(focus.skillPreference));
  } catch (error) {
    dependencies.logError('Could not load the skill preferences.', error);
    yield put(focusReceived([]));
  }
}

function* loadProgress(dependencies: PracticeDependencies) {
  try {
    const progress: LessonProgressResponse = yield call(dependencies.fetchLessonProgress);
    yield put(progressReceived(progress));
  } catch (error) {
    dependencies.logError('Could not load the practice progress.', error);
    yield put(progressUnavailable());
  }
}

/** product-spec §4: the upsell also opens for a customer who is not authorised (and not trialing). */
function* checkUsage(dependencies: PracticeDependencies) {
  try {
    const usage: UsageResponse = yield call(dependencies.fetchUsage);
    const plan = planOfToken(yield select(selectTokenPayload));
    const allowed: boolean = yield select(selectUpsellAllowed);
    if (allowed && !isAuthorised(plan, usage.lesson.data_used)) yield put(dailyLimitReached());
  } catch (error) {
    dependencies.logError('Could not read the lesson usage.', error);
  }
}

/** The overview opens: its data, and an unfinished session to offer. */
export function* openOverview(dependencies: PracticeDependencies) {
  const stored: StoredSchedule | null = yield call(dependencies.readStoredSchedule);
  if (stored) yield put(unfinishedScheduleFound(stored));
  yield all([
    call(loadFocus, dependencies),
    call(loadProgress, dependencies),
    call(checkUsage, dependencies),
  ]);
}

/**
 * Drum Kit / Drum Pad: asks for a schedule. A 429 opens the upsell (never while trialing), an empty
 * schedule is an error shown as the generic message, other 4xx show the server's message; a 5xx, no
 * answer, or a 429 while the upsell may not open, the generic message.
 */
export function* requestPracticeSession(
  dependencies: PracticeDependencies,
  action: ReturnType<typeof practiceSessionRequested>,
) {
  let schedule: PracticeScheduleResponse;
  try {
    schedule = yield call(dependencies.requestSchedule, action.payload);
  } catch (error) {
    const upsellAllowed: boolean = yield select(selectUpsellAllowed);
    const failed = () => {
      dependencies.logError('Could not request a practice session.', error);
      return practiceSessionRefused({ message: SESSION_FAILED_MESSAGE });
    };
    yield put(
      match(requestFailureOf(error))
        .with({ status: 429 }, () => (upsellAllowed ? dailyLimitReached() : failed()))
        .with({ status: P.number.between(400, 499) }, ({ message }) => practiceSessionRefused({ message }))
        .otherwise(failed),
    );
    return;
  }
  if (isEmptySchedule(schedule.lessons)) {
    dependencies.logError(EMPTY_SCHEDULE_ERROR, schedule);
    yield put(practiceSessionRefused({ message: SESSION_FAILED_MESSAGE }));
    return;
  }
  const session: StoredSchedule = {
    lessons: schedule.lessons,
    currentLessonIndex: schedule.currentLessonIndex,
    practiceTimeBeforeCurrentExercise: schedule.practiceTimeBeforeCurrentExercise,
  };
  yield call(dependencies.writeStoredSchedule, session);
  yield put(practiceSessionReceived(session));
}

/** Keeps the unfinished session stored with the run so far, so a reload's report counts it. */
function* storeSessionWithRun(dependencies: PracticeDependencies) {
  const session: StoredSchedule | null = yield select(selectSession);
  const run: PracticeReport = yield select(selectRun);
  if (session) yield call(dependencies.writeStoredSchedule, { ...session, run });
}

/**
 * What the lesson card reports, handled one after another so the progress read at the end sees
 * every evaluation and usage posted before it (takes and evaluations carry their play's id, so the lesson
 * history joins them in any order). Failed posts are only logged (product-spec §8): nothing here ever
 * holds up the lesson card.
 */
function* recordSessionEffects(dependencies: PracticeDependencies) {
  const channel: Channel<UnknownAction> = yield actionChannel([
    lessonEvaluated.type,
    lessonUsageCounted.type,
    timingScored.type,
    practiceActivityRecorded.type,
    scheduleProgressed.type,
    progressRefreshRequested.type,
    practiceScheduleReset.type,
  ]);
  while (true) {
    const action: UnknownAction = yield take(channel);
    try {
      if (lessonEvaluated.match(action)) {
        const { evaluation } = action.payload;
        const response: FinishExerciseResponse | undefined = yield call(
          dependencies.postFinishExercise,
          evaluation,
        );
        const session: StoredSchedule | null = yield select(selectSession);
        const name = session?.lessons.find((lesson) => lesson.lesson_id === evaluation.lessonId)?.name ?? '';
        if (response && typeof response.earned === 'boolean') yield put(lessonCredited({ name, response }));
        yield call(storeSessionWithRun, dependencies);
      } else if (lessonUsageCounted.match(action)) {
        yield call(dependencies.postUsage);
      } else if (timingScored.match(action)) {
        yield call(storeSessionWithRun, dependencies);
        yield call(dependencies.postTimingScored, action.payload);
      } else if (practiceActivityRecorded.match(action)) {
        // The API takes the whole minutes (product-spec §7); the exact seconds are for the report.
        const { countLessonsPracticed, practiceDurationMinutes } = action.payload;
        yield call(dependencies.postPracticeActivity, { countLessonsPracticed, practiceDurationMinutes });
      } else if (scheduleProgressed.match(action)) {
        yield call(storeSessionWithRun, dependencies);
      } else if (progressRefreshRequested.match(action)) {
        yield call(loadProgress, dependencies);
      } else if (practiceScheduleReset.match(action)) {
        yield call(dependencies.clearStoredSchedule);
      }
    } catch (error) {
      dependencies.logError(`Could not record ${action.type}.`, error);
    }
  }
}

export function* practiceSaga(dependencies: PracticeDependencies = browserDependencies) {
  yield fork(recordSessionEffects, dependencies);
  yield takeLatest(overviewOpened.type, openOverview, dependencies);
  yield takeLatest(practiceSessionRequested.type, requestPracticeSession, dependencies);
}
