import { heatmapIntensity, type HeatmapIntensity } from '../rules/heatmap-intensity.js';
import { HEATMAP_MONTHS } from '../rules/limits.js';
import { dayKeyFromEpochDay, dayKeyInZone, epochDay, type DayKey } from '../calendar/day-keys.js';
import { practiceStreaks } from './streak.js';

/** A practice activity entry (product-spec §3) as GET /api/practiceActivity returns it. */
export interface PracticeActivityEntry {
  /** The customer's calendar day. */
  date: DayKey;
  /** Lessons practised that day. */
  count: number;
  practiceDurationMinutes: number;
}

export interface HeatmapDay {
  date: DayKey;
  count: number;
  minutes: number;
  intensity: HeatmapIntensity;
}

export interface DayWindow {
  /** First day shown, inclusive. */
  from: DayKey;
  /** Today in the customer's zone, inclusive. */
  to: DayKey;
}

/**
 * The calendar's last 4 months (product-spec §9): from the day after the same calendar day 4 months ago
 * (clamped to month end, 30 June → 29 Feb → 1 March) up to and including today, in the customer's zone.
 */
export const heatmapWindow = (now: Date | number, timeZone: string): DayWindow => {
  const to = dayKeyInZone(now, timeZone);
  const [year, month, day] = to.split('-').map(Number) as [number, number, number];
  // Plain calendar arithmetic on the day key (cheap: the practice report asks on every read).
  const months = year * 12 + (month - 1) - HEATMAP_MONTHS;
  const [fromYear, fromMonth] = [Math.floor(months / 12), months % 12];
  const lastDay = new Date(Date.UTC(fromYear, fromMonth + 1, 0)).getUTCDate();
  const monthsAgo = Date.UTC(fromYear, fromMonth, Math.min(day, lastDay)) / 86_400_000;
  return { from: dayKeyFromEpochDay(monthsAgo + 1), to };
};

const isPractice = (entry: { count: number; practiceDurationMinutes: number }): boolean =>
  entry.count > 0 || entry.practiceDurationMinutes > 0;

/** Sums entries by day: one day can hold several practice sessions. */
const totalsByDay = (
  entries: Iterable<PracticeActivityEntry>,
): Map<DayKey, { count: number; minutes: number }> => {
  const totals = new Map<DayKey, { count: number; minutes: number }>();
  for (const entry of entries) {
    const total = totals.get(entry.date) ?? { count: 0, minutes: 0 };
    total.count += entry.count;
    total.minutes += entry.practiceDurationMinutes;
    totals.set(entry.date, total);
  }
  return totals;
};

/** One cell per day of the window, oldest first, with zeros for days without practice. */
export const buildHeatmap = (entries: Iterable<PracticeActivityEntry>, window: DayWindow): HeatmapDay[] => {
  const totals = totalsByDay(entries);
  const first = epochDay(window.from);
  const days = epochDay(window.to) - first + 1;
  return Array.from({ length: Math.max(0, days) }, (_, offset) => {
    const date = dayKeyFromEpochDay(first + offset);
    const { count, minutes } = totals.get(date) ?? { count: 0, minutes: 0 };
    return { date, count, minutes, intensity: heatmapIntensity(minutes, count) };
  });
};

/** Whole hours practised: floor(minutes / 60) (product-spec §9). */
export const totalPracticeHours = (minutes: number): number => Math.floor(minutes / 60);

export interface PracticeStatsOverview {
  hours: number;
  lessons: number;
  longestStreak: number;
  currentStreak: number;
}

/** The three numbers of the stats overview (hours, lessons, max streak) plus the live streak. */
export const practiceStatsOverview = (
  entries: readonly PracticeActivityEntry[],
  today: DayKey,
): PracticeStatsOverview => {
  const minutes = entries.reduce((sum, entry) => sum + entry.practiceDurationMinutes, 0);
  const lessons = entries.reduce((sum, entry) => sum + entry.count, 0);
  const streaks = practiceStreaks(
    entries.filter(isPractice).map((entry) => entry.date),
    today,
  );
  return {
    hours: totalPracticeHours(minutes),
    lessons,
    longestStreak: streaks.longest,
    currentStreak: streaks.current,
  };
};
