import type { LessonHistoryRow, WeakSpot } from '@stickwork/domain';
import { call, put, takeLatest } from 'redux-saga/effects';
import { fetchLessonHistory, fetchWeakSpots } from './lesson-history-api';
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
  logError: (message: string, error: unknown) => void;
}

/** Loads the weak spots of the stats page; a failure shows none (and is logged), never an error. */
export function* loadWeakSpots(dependencies: WeakSpotsDependencies) {
  try {
    const spots: WeakSpot[] = yield call(dependencies.fetchWeakSpots);
    yield put(weakSpotsReceived(spots));
  } catch (error) {
    dependencies.logError('Could not load the weak spots.', error);
  }
}

export function* weakSpotsSaga(
  dependencies: WeakSpotsDependencies = { fetchWeakSpots, logError: browserDependencies.logError },
) {
  yield takeLatest(weakSpotsRequested.type, loadWeakSpots, dependencies);
}
