import { call, put, takeLatest } from 'redux-saga/effects';
import { match } from 'ts-pattern';
import { ApiError } from '../../lib/api-client';
import { requestFailureOf } from '../../lib/request-failure';
import { loggedOut } from '../../lib/session/session-slice';
import { fetchWeeklyGoal, putWeeklyGoal, type WeeklyGoalView } from './weekly-goal-api';
import { statsPageOpened } from './progress-slice';
import {
  weeklyGoalChosen,
  weeklyGoalLoaded,
  weeklyGoalLoadFailed,
  weeklyGoalSaved,
  weeklyGoalSaveFailed,
} from './weekly-goal-slice';

export interface WeeklyGoalDependencies {
  fetchWeeklyGoal: typeof fetchWeeklyGoal;
  putWeeklyGoal: typeof putWeeklyGoal;
  logError: (message: string, error: unknown) => void;
}

const browserDependencies: WeeklyGoalDependencies = {
  fetchWeeklyGoal,
  putWeeklyGoal,
  logError: (message, error) => console.error(message, error),
};

const SAVE_FAILED = 'Your goal could not be saved. Please try again.';

/** The stats page opened: the goal and streak are read beside the practice report. */
export function* loadWeeklyGoal(dependencies: WeeklyGoalDependencies) {
  try {
    const view: WeeklyGoalView = yield call(dependencies.fetchWeeklyGoal);
    yield put(weeklyGoalLoaded(view));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      yield put(loggedOut());
      return;
    }
    dependencies.logError('Could not load the weekly goal.', error);
    yield put(weeklyGoalLoadFailed());
  }
}

export function* saveWeeklyGoal(
  dependencies: WeeklyGoalDependencies,
  action: ReturnType<typeof weeklyGoalChosen>,
) {
  try {
    const view: WeeklyGoalView = yield call(dependencies.putWeeklyGoal, action.payload);
    yield put(weeklyGoalSaved(view));
  } catch (error) {
    const failed = (message: string) => {
      dependencies.logError('Could not save the weekly goal.', error);
      return weeklyGoalSaveFailed(message);
    };
    yield put(
      match(requestFailureOf(error))
        .with({ status: 401 }, () => loggedOut())
        // A 400 says what was wrong; anything else (network, server) says to try again.
        .with({ status: 400 }, ({ message }) => failed(message))
        .otherwise(() => failed(SAVE_FAILED)),
    );
  }
}

export function* weeklyGoalSaga(dependencies: WeeklyGoalDependencies = browserDependencies) {
  yield takeLatest(statsPageOpened.type, loadWeeklyGoal, dependencies);
  yield takeLatest(weeklyGoalChosen.type, saveWeeklyGoal, dependencies);
}
