import { LEVEL_CHART_TENTHS } from '../rules/chart-values.js';
import type { Level } from '../rules/levels.js';
import { OVERALL_LEVEL_TITLES, type OverallLevelTitle } from '../rules/level-titles.js';
import type { Skill } from '../rules/skills.js';

/**
 * The overall level title (product-spec §4) from the mean chart value of the chosen levels. "Chosen" means
 * set (not 'level not set') on one of the seven radar-chart skills: the beginner course is not on the chart.
 * No chosen level reads as Starter. Means are compared in tenths, so 0.3 + 0.3 + 0.3 stays "Beginner".
 */
export const overallLevelTitle = (levels: Partial<Record<Skill, Level>>): OverallLevelTitle => {
  const tenths = Object.entries(levels)
    .filter(
      ([skill, level]) => skill !== 'beginner_course' && level !== undefined && level !== 'level not set',
    )
    .map(([, level]) => LEVEL_CHART_TENTHS[level as Level]);
  if (tenths.length === 0) return OVERALL_LEVEL_TITLES[0].title;
  const sum = tenths.reduce((total, value) => total + value, 0);
  // mean <= bound  <=>  sum <= bound * count, all in integers
  const match = OVERALL_LEVEL_TITLES.find(({ upToTenths }) => sum <= upToTenths * tenths.length);
  return (match ?? OVERALL_LEVEL_TITLES[OVERALL_LEVEL_TITLES.length - 1]!).title;
};
