import type { Level } from './levels.js';
import { CHART_SKILLS, type Skill } from './skills.js';

/**
 * Radar-chart value per level (product-spec §3), kept in tenths so that sums and means stay exact
 * integers; `chartValue` returns the decimal the chart draws.
 */
export const LEVEL_CHART_TENTHS: Record<Level, number> = {
  'level not set': 1,
  starter: 2,
  beginner: 3,
  advanced_beginner: 4,
  medium_advanced: 5,
  advanced: 7,
  pro: 8,
  absolute_pro: 9,
};

/** What the chart draws for a skill without a preference. */
export const DEFAULT_CHART_VALUE = 0.1;

export const chartValue = (level: Level | undefined): number =>
  level === undefined ? DEFAULT_CHART_VALUE : LEVEL_CHART_TENTHS[level] / 10;

export type ChartSkill = (typeof CHART_SKILLS)[number];

/** The seven radar-chart points, in chart order, from whatever levels the customer has set. */
export const radarChartValues = (
  levels: Partial<Record<Skill, Level>>,
): { skill: ChartSkill; value: number }[] =>
  CHART_SKILLS.map((skill) => ({ skill, value: chartValue(levels[skill]) }));
