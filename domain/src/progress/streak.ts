import { dayKeyInZone, epochDay, type DayKey } from '../calendar/day-keys.js';

export interface PracticeStreaks {
  /** The longest run of consecutive practice days ever (product-spec §9 "max streak"). */
  longest: number;
  /** The run that ends today, or yesterday: a streak stays alive until a whole day passes without practice. */
  current: number;
}

/** Streaks over practice days given as day keys in the customer's zone; duplicates and order do not matter. */
export const practiceStreaks = (practiceDays: Iterable<DayKey>, today: DayKey): PracticeStreaks => {
  const days = [...new Set([...practiceDays].map(epochDay))].sort((a, b) => a - b);
  const todayNumber = epochDay(today);
  let longest = 0;
  let run = 0;
  let previous: number | undefined;
  let current = 0;
  for (const day of days) {
    if (day > todayNumber) break; // a future day (clock skew) cannot extend today's streak
    run = previous !== undefined && day === previous + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  if (previous !== undefined && todayNumber - previous <= 1) current = run;
  return { longest, current };
};

/** Streaks from practice instants, each placed on its calendar day in `timeZone`. */
export const practiceStreaksAt = (
  practisedAt: Iterable<Date | number>,
  now: Date | number,
  timeZone: string,
): PracticeStreaks =>
  practiceStreaks(
    [...practisedAt].map((instant) => dayKeyInZone(instant, timeZone)),
    dayKeyInZone(now, timeZone),
  );
