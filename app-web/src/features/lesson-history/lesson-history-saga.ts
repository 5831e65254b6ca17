import type { LessonHistoryRow, SteadyLag, WeakSpot } from '@stickwork/domain';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import { fetchLessonHistory, fetchSteadyLag, fetchWeakSpots } from './lesson-history-api';
import {
  lessonHistoryFailed,
  lessonHistoryOpened,
  lessonHistoryReceived,
  weakSpotsReceived,
  weakSpotsRequested,
} from './lesson-history-slice';

export interface LessonHistoryDependencies {
  fetchLessonHistory: typeof fetchLessonHistory;
  logError: (message: string, error: unknown) => void;
}

const browserDependencies: LessonHistoryDependencies = {
  fetchLessonHistory,
  logError: (message, error) => console.error(message, error),
};

/** Loads the rows of the chosen skill; a newer choice cancels an older load (takeLatest). */
export function* loadLessonHistory(
  dependencies: LessonHistoryDependencies,
  action: ReturnType<typeof lessonHistoryOpened>,
) {
  const { skill } = action.payload;
  try {
    const rows: LessonHistoryRow[] = yield call(dependencies.fetchLessonHistory, skill);
    yield put(lessonHistoryReceived({ skill, rows }));
  } catch (error) {
    dependencies.logError('Could not load the lesson history.', error);
    yield put(lessonHistoryFailed());
  }
}

export function* lessonHistorySaga(dependencies: LessonHistoryDependencies = browserDependencies) {
  yield takeLatest(lessonHistoryOpened.type, loadLessonHistory, dependencies);
}

export interface WeakSpotsDependencies {
  fetchWeakSpots: typeof fetchWeakSpots;
  fetchSteadyLag: typeof fetchSteadyLag;
  logError: (message: string, error: unknown) => void;
}

/**
 * Loads the weak spots of the stats page and the steady lag said above them; a failure shows none (and is
 * logged), never an error.
 */
export function* loadWeakSpots(dependencies: WeakSpotsDependencies) {
  try {
    const [spots, { steadyLag }]: [WeakSpot[], { steadyLag: SteadyLag | null }] = yield all([
      call(dependencies.fetchWeakSpots),
      call(dependencies.fetchSteadyLag),
    ]);
    yield put(weakSpotsReceived({ spots, steadyLag }));
  } catch (error) {
    dependencies.logError('Could not load the weak spots.', error);
  }
}

export function* weakSpotsSaga(
  dependencies: WeakSpotsDependencies = {
    fetchWeakSpots,
    fetchSteadyLag,
    logError: browserDependencies.logError,
  },
) {
  yield takeLatest(weakSpotsRequested.type, loadWeakSpots, dependencies);
}
