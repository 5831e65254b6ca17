import {
  buildHeatmap,
  canLevelUp,
  gaugeHint,
  heatmapWindow,
  orderGauges,
  overallLevelTitle,
  radarChartValues,
  SKILLS,
  totalPracticeHours,
  type CustomerProgressEntry,
  type DayKey,
  type Level,
  type PracticeActivityEntry,
  type Skill,
  type TimeZone,
} from '@stickwork/domain';
import {
  progressEntries,
  streaksOf,
  type PracticeProgressModel,
  type PracticeStreaksModel,
} from '@stickwork/projections';

/**
 * GET /api/focus: the chosen skills as the schedule request takes them (`skillPreference`),
 * and every skill as the registration and skill screens send them (`skillSelfRating`).
 */
export const focusView = (model: PracticeProgressModel) => ({
  skillPreference: SKILLS.filter((skill) => model.selected[skill]).map((focus) => ({
    focus,
    level: model.levels[focus],
  })),
  skillSelfRating: SKILLS.map((skillName) => ({
    skillName,
    selected: model.selected[skillName],
    level: model.levels[skillName],
  })),
  selfRated: model.selfRated,
});

export interface GaugeEntry extends CustomerProgressEntry {
  selected: boolean;
  /** product-spec §4: the gauge blinks and one click raises the level. */
  levelUpOffered: boolean;
  hint: string;
}

const gauge = (model: PracticeProgressModel, entry: CustomerProgressEntry): GaugeEntry => ({
  ...entry,
  selected: model.selected[entry.skillName],
  levelUpOffered: canLevelUp(entry.skillName, { level: entry.skillLevel, progress: entry.levelProgress }),
  hint: gaugeHint(entry),
});

/**
 * GET /api/lesson/progress: everything the practice report and the stats page draw: the gauges
 * (in gauge order, with level-up offer and hint), the stats overview, the overall level title,
 * the radar chart, today's practice and the activity calendar of the last 4 months.
 */
export const lessonProgressView = (
  progress: PracticeProgressModel,
  streaks: PracticeStreaksModel,
  activity: readonly PracticeActivityEntry[],
  now: Date,
  timeZone: TimeZone,
  today: DayKey,
) => {
  const chosenLevels: Partial<Record<Skill, Level>> = Object.fromEntries(
    SKILLS.filter((skill) => progress.selected[skill]).map((skill) => [skill, progress.levels[skill]]),
  );
  const { longest, current } = streaksOf(streaks, today);
  const minutes = activity.reduce((sum, entry) => sum + entry.practiceDurationMinutes, 0);
  const todays = activity.find((entry) => entry.date === today);
  const window = heatmapWindow(now, timeZone);
  return {
    progress: orderGauges(progressEntries(progress).map((entry) => gauge(progress, entry))),
    stats: {
      hours: totalPracticeHours(minutes),
      minutes,
      lessons: activity.reduce((sum, entry) => sum + entry.count, 0),
      longestStreak: longest,
      currentStreak: current,
    },
    overallLevelTitle: overallLevelTitle(chosenLevels),
    chart: radarChartValues(chosenLevels),
    today: {
      date: today,
      count: todays?.count ?? 0,
      practiceDurationMinutes: todays?.practiceDurationMinutes ?? 0,
    },
    heatmap: { ...window, days: buildHeatmap(activity, window) },
  };
};
