import { all, call, put, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../lib/api-client';
import { loggedOut } from '../../lib/session/session-slice';
import {
  fetchFocus,
  fetchLessonProgress,
  patchFocus,
  type FocusView,
  type LessonProgress,
} from './progress-api';
import {
  progressLoaded,
  progressLoadFailed,
  skillLeveledUp,
  skillsPageOpened,
  skillUpdated,
  skillUpdateFinished,
  skillUpdateRequested,
  statsPageOpened,
} from './progress-slice';

export interface ProgressDependencies {
  fetchLessonProgress: typeof fetchLessonProgress;
  fetchFocus: typeof fetchFocus;
  patchFocus: typeof patchFocus;
  logError: (message: string, error: unknown) => void;
}

const browserDependencies: ProgressDependencies = {
  fetchLessonProgress,
  fetchFocus,
  patchFocus,
  logError: (message, error) => console.error(message, error),
};

/** A 401 means the session is gone; anything else is logged and the page says it could not load. */
function* loadFailed(dependencies: ProgressDependencies, error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    yield put(loggedOut());
    return;
  }
  dependencies.logError('Could not load the progress.', error);
  yield put(progressLoadFailed());
}

export function* loadStats(dependencies: ProgressDependencies) {
  try {
    const report: LessonProgress = yield call(dependencies.fetchLessonProgress);
    yield put(progressLoaded({ report, ratings: null }));
  } catch (error) {
    yield* loadFailed(dependencies, error);
  }
}

/** The skill screen needs the gauges and the ratings (which skills are selected, at which level). */
export function* loadSkills(dependencies: ProgressDependencies) {
  try {
    const [report, ratings]: [LessonProgress, FocusView] = yield all([
      call(dependencies.fetchLessonProgress),
      call(dependencies.fetchFocus),
    ]);
    yield put(progressLoaded({ report, ratings }));
  } catch (error) {
    yield* loadFailed(dependencies, error);
  }
}

/** Skill update failures are only logged (product-spec §8); the screen then shows the stored levels. */
export function* updateSkill(
  dependencies: ProgressDependencies,
  action: ReturnType<typeof skillUpdateRequested>,
) {
  try {
    yield call(dependencies.patchFocus, action.payload);
    yield put(skillUpdated(action.payload));
  } catch (error) {
    dependencies.logError('Could not update the skill.', error);
  }
  yield* loadSkills(dependencies);
  yield put(skillUpdateFinished());
}

export function* progressSaga(dependencies: ProgressDependencies = browserDependencies) {
  yield takeLatest(statsPageOpened.type, loadStats, dependencies);
  yield takeLatest([skillsPageOpened.type, skillLeveledUp.type], loadSkills, dependencies);
  yield takeLatest(skillUpdateRequested.type, updateSkill, dependencies);
}
