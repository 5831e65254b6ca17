/**
 * Activity-calendar intensity of product-spec §9: a day earns one point for each threshold it reaches,
 * 0 to 4. Each minute threshold has a lesson-count twin that counts the same ("30 (6)": 30 minutes or
 * 6 lessons), so a day's intensity is the larger of its minute score and its lesson score.
 */
export const HEATMAP_MINUTE_THRESHOLDS = [5, 30, 60, 120] as const;
export const HEATMAP_LESSON_THRESHOLDS = [1, 6, 12, 16] as const;
export const MAX_HEATMAP_INTENSITY = 4;

export type HeatmapIntensity = 0 | 1 | 2 | 3 | 4;

const pointsReached = (value: number, thresholds: readonly number[]): number =>
  thresholds.filter((threshold) => value >= threshold).length;

export const heatmapIntensity = (minutes: number, lessons: number): HeatmapIntensity =>
  Math.max(
    pointsReached(minutes, HEATMAP_MINUTE_THRESHOLDS),
    pointsReached(lessons, HEATMAP_LESSON_THRESHOLDS),
  ) as HeatmapIntensity;
