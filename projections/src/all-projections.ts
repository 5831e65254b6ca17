import { customerDirectoryProjection } from './customer-directory-projection.js';
import { lessonHistoryProjection } from './lesson-history-projection.js';
import { practiceHeatmapProjection } from './practice-heatmap-projection.js';
import { practiceProgressProjection } from './practice-progress-projection.js';
import { practiceStreaksProjection } from './practice-streaks-projection.js';
import { practiceUsageProjection } from './practice-usage-projection.js';
import type { Projection } from './projection.js';
import { weeklyGoalProjection } from './weekly-goal-projection.js';
import { timingPositionsProjection } from './timing-positions-projection.js';
import { practiceRemindersProjection } from './practice-reminders-projection.js';
import { lessonCreditsProjection, teacherSchedulesProjection } from './teacher-lessons-projections.js';

/** Every read model the server keeps up to date and the CLI can inspect and rebuild. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  practiceProgressProjection,
  practiceStreaksProjection,
  practiceHeatmapProjection,
  practiceUsageProjection,
  lessonHistoryProjection,
  timingPositionsProjection,
  customerDirectoryProjection,
  weeklyGoalProjection,
  practiceRemindersProjection,
  teacherSchedulesProjection,
  lessonCreditsProjection,
] as Projection[];
