/** Levels of product-spec §3, index 0 to 7. Index 0 means "not set" (skill unselected). */
export const LEVELS = [
  'level not set',
  'starter',
  'beginner',
  'advanced_beginner',
  'medium_advanced',
  'advanced',
  'pro',
  'absolute_pro',
] as const;
export type Level = (typeof LEVELS)[number];
export type LevelIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const MAX_LEVEL_INDEX = 7;

export const levelIndex = (level: Level): LevelIndex => LEVELS.indexOf(level) as LevelIndex;
export const levelAt = (index: number): Level => {
  const level = LEVELS[index];
  if (level === undefined) throw new RangeError(`level index ${index} is outside 0-${MAX_LEVEL_INDEX}`);
  return level;
};
export const isLevel = (value: unknown): value is Level =>
  typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
