import type { DayKey, HeatmapDay } from '@stickwork/domain';

/** A week column of the activity calendar, Monday first; null pads the first and last week. */
export interface CalendarWeek {
  days: (HeatmapDay | null)[];
  /** The short month name when a month starts in this week (or for the first week). */
  monthLabel: string | null;
}

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const utcDateOf = (day: DayKey): Date => new Date(`${day}T00:00:00Z`);

/** 0 for Monday ... 6 for Sunday. */
const mondayBasedWeekday = (day: DayKey): number => (utcDateOf(day).getUTCDay() + 6) % 7;

const monthName = (day: DayKey, locale?: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(utcDateOf(day));

/**
 * Lays the heatmap's consecutive days into week columns, GitHub style: rows are weekdays, the
 * first column starts on the first day's weekday, and a month label marks where a month begins.
 */
export const calendarWeeks = (days: readonly HeatmapDay[], locale?: string): CalendarWeek[] => {
  const first = days[0];
  if (!first) return [];
  const cells: (HeatmapDay | null)[] = [...Array<null>(mondayBasedWeekday(first.date)).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarWeek[] = [];
  for (let start = 0; start < cells.length; start += 7) {
    const weekDays = cells.slice(start, start + 7);
    const monthStart = weekDays.find((day) => day !== null && (day.date.endsWith('-01') || day === first));
    weeks.push({ days: weekDays, monthLabel: monthStart ? monthName(monthStart.date, locale) : null });
  }
  // Two labels in adjacent columns would overlap: the first week gives way to the month that begins next.
  const [firstWeek, secondWeek] = weeks;
  if (firstWeek && secondWeek?.monthLabel) firstWeek.monthLabel = null;
  return weeks;
};

/** A day key in the reader's words, e.g. 'Nov 21, 2026'. */
export const formatDay = (day: DayKey, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(utcDateOf(day));

/** The calendar tooltip of product-spec §2. */
export const dayTooltip = (day: HeatmapDay, locale?: string): string =>
  `${day.count} lessons practised ${formatDay(day.date, locale)}`;

/** The detail panel's lines for a clicked day. */
export const dayDetail = (day: HeatmapDay, locale?: string) => ({
  date: formatDay(day.date, locale),
  lessons: day.count > 0 ? `${day.count} lessons practiced` : 'No lessons practiced',
  minutes: `${day.minutes} min in total practiced`,
});
