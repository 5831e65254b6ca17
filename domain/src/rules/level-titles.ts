/**
 * Overall level titles of product-spec §4: the first title whose upper bound the mean chart value does
 * not exceed. Bounds are in tenths, like LEVEL_CHART_TENTHS, so comparisons stay exact.
 */
export const OVERALL_LEVEL_TITLES = [
  { upToTenths: 2, title: 'Starter' },
  { upToTenths: 3, title: 'Beginner' },
  { upToTenths: 4, title: 'Novice' },
  { upToTenths: 5, title: 'Intermediate' },
  { upToTenths: 7, title: 'Advanced' },
  { upToTenths: 8, title: 'Professional' },
  { upToTenths: 10, title: 'Grandmaster' },
] as const;

export type OverallLevelTitle = (typeof OVERALL_LEVEL_TITLES)[number]['title'];
