import { TZDate } from '@date-fns/tz';
import { dayKeyFromEpochDay, dayKeyInZone, epochDay } from '../calendar/day-keys.js';
import { isoWeekday } from '../reminders/reminder-decider.js';
import type { WeeklySlot } from './teacher-events.js';

/** A teacher lesson lasts 45 minutes. */
export const TEACHER_LESSON_MINUTES = 45;
/** A booking can be cancelled (and its credit returns) up to this many hours before it starts. */
export const CANCELLATION_HOURS = 24;
/** How far ahead slots are offered. */
export const BOOKING_WEEKS_AHEAD = 8;
/**
 * The booking process (credit first, then slot): the slot must be booked within this many minutes
 * of the credit being taken, or the teacher's stream refuses it.
 */
export const BOOKING_HOLD_MINUTES = 2;
/**
 * A credit held this long without its lesson booked is returned by the sweep. Longer than the hold,
 * so a booking can never land after its credit went back.
 */
export const UNFINISHED_BOOKING_MINUTES = 5;

/** A drummer's waking day for a lesson, in their own zone: 07:00 to 22:00. Outside it is night. */
export const LESSON_DAY_START_HOUR = 7;
export const LESSON_DAY_END_HOUR = 22;

/**
 * Whether a lesson starting at `startsAt` runs outside 07:00-22:00 in `timeZone` (the drummer's): it
 * starts before 07:00 or ends after 22:00 (a 21:30 lesson ends at 22:15), read with the zone's own
 * clock, DST included. A New York teacher's 19:30 is 01:30 in Berlin: night there.
 */
export const isNightLesson = (startsAt: Date, timeZone: string): boolean => {
  const start = new TZDate(startsAt.getTime(), timeZone);
  const end = new TZDate(startsAt.getTime() + TEACHER_LESSON_MINUTES * 60_000, timeZone);
  const minuteOfDay = (at: TZDate) => at.getHours() * 60 + at.getMinutes();
  return (
    minuteOfDay(start) < LESSON_DAY_START_HOUR * 60 ||
    start.getDate() !== end.getDate() ||
    minuteOfDay(end) > LESSON_DAY_END_HOUR * 60
  );
};

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEK_MINUTES = 7 * 24 * 60;
const minuteOfWeek = (slot: WeeklySlot) =>
  (slot.weekday - 1) * 24 * 60 + Number(slot.start.slice(0, 2)) * 60 + Number(slot.start.slice(3, 5));

export const weeklySlotText = (slot: WeeklySlot): string =>
  `${WEEKDAY_NAMES[slot.weekday - 1] ?? '?'} ${slot.start}`;

/**
 * Two weekly slots whose lessons overlap: their starts (wall clock in the teacher's zone) are less
 * than a lesson apart, around the week's wrap-around too (Sunday 23:30 and Monday 00:00).
 */
export const weeklySlotsOverlap = (a: WeeklySlot, b: WeeklySlot): boolean => {
  const apart = Math.abs(minuteOfWeek(a) - minuteOfWeek(b));
  return Math.min(apart, WEEK_MINUTES - apart) < TEACHER_LESSON_MINUTES;
};

/** Two lessons (by their start instants) that overlap in time. */
export const lessonsOverlap = (a: Date | string, b: Date | string): boolean =>
  Math.abs(new Date(a).getTime() - new Date(b).getTime()) < TEACHER_LESSON_MINUTES * 60_000;

const START = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isWeeklySlot = (slot: WeeklySlot): boolean =>
  Number.isInteger(slot.weekday) && slot.weekday >= 1 && slot.weekday <= 7 && START.test(slot.start);

/** The instant a weekly slot starts on a day (in the teacher's zone); null in a DST gap. */
export const slotInstant = (day: string, start: string, timeZone: string): Date | null => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = start.split(':').map(Number) as [number, number];
  const instant = new Date(new TZDate(year, month - 1, date, hour, minute, 0, timeZone).getTime());
  // A local time skipped by a DST change does not exist: no slot that day.
  const local = new TZDate(instant.getTime(), timeZone);
  return local.getHours() === hour && local.getMinutes() === minute ? instant : null;
};

/** Every start of the weekly slots from `now` (exclusive) for `weeks` weeks, sorted. */
export const upcomingSlotStarts = (
  slots: readonly WeeklySlot[],
  timeZone: string,
  now: Date,
  weeks = BOOKING_WEEKS_AHEAD,
): Date[] => {
  const first = epochDay(dayKeyInZone(now, timeZone));
  const starts: Date[] = [];
  for (let offset = 0; offset <= weeks * 7; offset += 1) {
    const day = dayKeyFromEpochDay(first + offset);
    for (const slot of slots) {
      if (slot.weekday !== isoWeekday(day)) continue;
      const instant = slotInstant(day, slot.start, timeZone);
      if (instant && instant.getTime() > now.getTime()) starts.push(instant);
    }
  }
  return starts.sort((a, b) => a.getTime() - b.getTime());
};

/**
 * The end of the booking horizon: midnight (in the teacher's zone) after the last day whose slots
 * `upcomingSlotStarts` offers. A booking must start before it.
 */
export const bookingHorizonEnd = (timeZone: string, now: Date, weeks = BOOKING_WEEKS_AHEAD): Date => {
  const day = dayKeyFromEpochDay(epochDay(dayKeyInZone(now, timeZone)) + weeks * 7 + 1);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, 0, 0, 0, timeZone).getTime());
};

/** Whether `startsAt` is the start of one of the weekly slots, in the teacher's zone. */
export const isSlotStart = (slots: readonly WeeklySlot[], timeZone: string, startsAt: Date): boolean => {
  const day = dayKeyInZone(startsAt, timeZone);
  return slots.some(
    (slot) =>
      slot.weekday === isoWeekday(day) &&
      slotInstant(day, slot.start, timeZone)?.getTime() === startsAt.getTime(),
  );
};

/** The calendar quarter of an instant in a zone: '2026-Q2'. */
export const quarterOf = (instant: Date, timeZone: string): string => {
  const day = dayKeyInZone(instant, timeZone);
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
};
