import { dayKeyFromEpochDay, epochDay, type DayKey } from '../calendar/day-keys.js';

/** Practice days per week a customer aims for: 1 to 7, 3 until they set one. */
export const DEFAULT_WEEKLY_GOAL = 3;
export const MIN_WEEKLY_GOAL = 1;
export const MAX_WEEKLY_GOAL = 7;

/** A goal as set: from its customer day on (in their zone), until the next one. */
export interface WeeklyGoalSetting {
  day: DayKey;
  daysPerWeek: number;
}

export interface WeeklyGoalProgress {
  /** The goal in force now. */
  daysPerWeek: number;
  /** This week, Monday to Sunday, in the customer's zone. */
  weekStart: DayKey;
  weekEnd: DayKey;
  /** Practice days this week up to today. */
  practiceDays: number;
  met: boolean;
  /**
   * Weeks in a row that met their goal: the completed weeks up to last week, plus this week once it
   * is met (a week still under way and not yet met does not break the run).
   */
  weeksMetInARow: number;
}

/** The Monday (ISO week start) of a day. 1970-01-01 was a Thursday. */
export const weekStartOf = (day: DayKey): DayKey => {
  const number = epochDay(day);
  return dayKeyFromEpochDay(number - ((((number + 3) % 7) + 7) % 7));
};

/**
 * The goal a week is judged by: the last one set on or before `day` (the week's Sunday, or today
 * for the week under way), so a goal changed during a week counts for that whole week.
 */
export const goalInForce = (settings: readonly WeeklyGoalSetting[], day: DayKey): number => {
  let goal = DEFAULT_WEEKLY_GOAL;
  let since = '';
  for (const setting of settings)
    if (setting.day <= day && setting.day >= since) {
      goal = setting.daysPerWeek;
      since = setting.day;
    }
  return goal;
};

/** This week's progress toward the goal and the run of weeks that met theirs, as of `today`. */
export const weeklyGoalProgress = (
  practiceDays: Iterable<DayKey>,
  settings: readonly WeeklyGoalSetting[],
  today: DayKey,
): WeeklyGoalProgress => {
  const todayNumber = epochDay(today);
  const perWeek = new Map<number, number>();
  let earliest = todayNumber;
  for (const number of new Set([...practiceDays].map(epochDay))) {
    if (number > todayNumber) continue;
    const monday = epochDay(weekStartOf(dayKeyFromEpochDay(number)));
    perWeek.set(monday, (perWeek.get(monday) ?? 0) + 1);
    earliest = Math.min(earliest, monday);
  }
  const thisMonday = epochDay(weekStartOf(today));
  const daysPerWeek = goalInForce(settings, today);
  const practiceDaysThisWeek = perWeek.get(thisMonday) ?? 0;
  const met = practiceDaysThisWeek >= daysPerWeek;
  let weeksMetInARow = met ? 1 : 0;
  for (let monday = thisMonday - 7; monday >= earliest; monday -= 7) {
    if ((perWeek.get(monday) ?? 0) < goalInForce(settings, dayKeyFromEpochDay(monday + 6))) break;
    weeksMetInARow += 1;
  }
  return {
    daysPerWeek,
    weekStart: dayKeyFromEpochDay(thisMonday),
    weekEnd: dayKeyFromEpochDay(thisMonday + 6),
    practiceDays: practiceDaysThisWeek,
    met,
    weeksMetInARow,
  };
};
