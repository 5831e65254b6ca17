import type { Feature } from '../feature';
import { lessonHistorySaga, weakSpotsSaga } from '../../features/lesson-history/lesson-history-saga';
import { lessonHistorySlice } from '../../features/lesson-history/lesson-history-slice';
import { practiceSaga } from '../../features/practice/practice-saga';
import { practiceSlice } from '../../features/practice/practice-slice';
import { progressSaga } from '../../features/progress/progress-saga';
import { progressSlice } from '../../features/progress/progress-slice';
import { weeklyGoalSaga } from '../../features/progress/weekly-goal-saga';
import { weeklyGoalSlice } from '../../features/progress/weekly-goal-slice';

/**
 * The logged-in practice screens (launch overview, stats, skills, lesson history) share actions
 * (a level-up on the overview reloads the skills, the stats page loads the weekly goal), so their
 * state and sagas arrive together.
 */
export const practiceFeature: Feature = {
  name: 'practice',
  slices: [practiceSlice, progressSlice, weeklyGoalSlice, lessonHistorySlice],
  sagas: [practiceSaga, progressSaga, weeklyGoalSaga, lessonHistorySaga, weakSpotsSaga],
};
