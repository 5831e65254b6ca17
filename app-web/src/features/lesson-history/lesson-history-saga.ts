import type { LessonHistoryRow } from '@stickwork/domain';
import { call, put, takeLatest } from 'redux-saga/effects';
import { fetchLessonHistory } from './lesson-history-api';
import { lessonHistoryFailed, lessonHistoryOpened, lessonHistoryReceived } from './lesson-history-slice';

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
