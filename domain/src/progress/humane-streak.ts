import { dayKeyFromEpochDay, epochDay, type DayKey } from '../calendar/day-keys.js';

/** Practice days that earn one streak freeze. */
export const PRACTICE_DAYS_PER_FREEZE = 7;
/** Freezes a customer can hold at once; one earned beyond this is lost. */
export const MAX_FREEZES_HELD = 2;

/**
 * A streak that forgives, over the customer's practice days in their own zone:
 * - every `PRACTICE_DAYS_PER_FREEZE`th practice day (counted over all practice days, breaks or not)
 *   earns a freeze; at most `MAX_FREEZES_HELD` are held, and one earned beyond that is lost;
 * - a missed day while a streak runs spends a held freeze automatically: the day is frozen and the
 *   streak goes on (a frozen day bridges, it adds no day); with no freeze held the streak breaks;
 * - today is never missed: it can still be practised (a streak ending yesterday is alive);
 * - days after today (clock skew) do not count.
 */
export interface HumaneStreak {
  /** Practice days in the streak running now (frozen days bridge it and are not counted). */
  current: number;
  /** The longest such streak ever. */
  longest: number;
  /** Freezes held now (0 to `MAX_FREEZES_HELD`). */
  freezesHeld: number;
  /** Practice days still needed to earn the next freeze (1 to `PRACTICE_DAYS_PER_FREEZE`). */
  practiceDaysToNextFreeze: number;
  /** The days a freeze was spent on, oldest first. */
  frozenDays: DayKey[];
}

/** The humane streak as of `today`; practice days may repeat and come in any order. */
export const humaneStreak = (practiceDays: Iterable<DayKey>, today: DayKey): HumaneStreak => {
  const todayNumber = epochDay(today);
  const days = [...new Set([...practiceDays].map(epochDay))]
    .filter((day) => day <= todayNumber)
    .sort((a, b) => a - b);
  let current = 0;
  let longest = 0;
  let freezesHeld = 0;
  let sinceFreeze = 0;
  const frozenDays: DayKey[] = [];
  let previous: number | undefined;
  const miss = (from: number, to: number) => {
    // The days from..to (inclusive) passed without practice.
    for (let day = from; day <= to && current > 0; day += 1) {
      if (freezesHeld === 0) current = 0;
      else {
        freezesHeld -= 1;
        frozenDays.push(dayKeyFromEpochDay(day));
      }
    }
  };
  for (const day of days) {
    if (previous !== undefined) miss(previous + 1, day - 1);
    current += 1;
    longest = Math.max(longest, current);
    sinceFreeze += 1;
    if (sinceFreeze === PRACTICE_DAYS_PER_FREEZE) {
      sinceFreeze = 0;
      freezesHeld = Math.min(MAX_FREEZES_HELD, freezesHeld + 1);
    }
    previous = day;
  }
  // Yesterday and before are over; today is not.
  if (previous !== undefined) miss(previous + 1, todayNumber - 1);
  return {
    current,
    longest,
    freezesHeld,
    practiceDaysToNextFreeze: PRACTICE_DAYS_PER_FREEZE - sinceFreeze,
    frozenDays,
  };
};
