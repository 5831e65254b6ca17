/** Difficulty ratings of product-spec §3, in slider order (position 0 to 4). */
export const DIFFICULTY_RATINGS = ['too_easy', 'easy', 'challenging', 'hard', 'too_hard'] as const;
export type DifficultyRating = (typeof DIFFICULTY_RATINGS)[number];

export const DEFAULT_DIFFICULTY_RATING: DifficultyRating = 'challenging';
export const DEFAULT_DIFFICULTY_POSITION = DIFFICULTY_RATINGS.indexOf(DEFAULT_DIFFICULTY_RATING);

export const isDifficultyRating = (value: unknown): value is DifficultyRating =>
  typeof value === 'string' && (DIFFICULTY_RATINGS as readonly string[]).includes(value);

/** The rating at a slider position; out-of-range positions are a programming error. */
export const difficultyRatingAt = (position: number): DifficultyRating => {
  const rating = DIFFICULTY_RATINGS[position];
  if (rating === undefined) throw new RangeError(`difficulty position ${position} is outside 0-4`);
  return rating;
};
