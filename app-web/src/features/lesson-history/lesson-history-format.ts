import { timingOffsetLabel, type DifficultyRating, type LessonHistoryTake } from '@stickwork/domain';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' (already the customer's day) as "10 Mar 2026". */
export const formatDay = (day: string): string => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

/** The rating as the card's slider names it; a mastered lesson says so. */
export const ratingLabel = (rating: DifficultyRating | null, skipped: boolean): string =>
  rating === null ? 'not rated' : skipped ? 'mastered' : rating.replace('_', ' ');

/** The timing of a take in one line: "15 ms late, ±6 ms". */
export const timingLabel = (take: LessonHistoryTake): string =>
  `${timingOffsetLabel(take.meanOffsetMs)}, ±${Math.round(take.spreadMs)} ms`;
