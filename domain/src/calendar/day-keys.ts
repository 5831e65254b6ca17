import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';

/** A calendar day as 'yyyy-MM-dd', in whatever zone it was taken. Sorts like the days it names. */
export type DayKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The customer's calendar day of an instant, in their IANA time zone. */
export const dayKeyInZone = (instant: Date | number, timeZone: string): DayKey =>
  format(instant, 'yyyy-MM-dd', { in: tz(timeZone) });

export const isDayKey = (value: unknown): value is DayKey => {
  if (typeof value !== 'string') return false;
  const match = DAY_KEY.exec(value);
  return match !== null && dayKeyFromEpochDay(epochDay(value)) === value;
};

/** Days since 1970-01-01 for a day key, so consecutive days differ by exactly 1. */
export const epochDay = (day: DayKey): number => {
  const match = DAY_KEY.exec(day);
  if (!match) throw new RangeError(`'${day}' is not a yyyy-MM-dd day`);
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return Date.UTC(year, month - 1, date) / MS_PER_DAY;
};

export const dayKeyFromEpochDay = (days: number): DayKey =>
  new Date(days * MS_PER_DAY).toISOString().slice(0, 10);

/** The day `days` after (or, negative, before) `day`. */
export const shiftDayKey = (day: DayKey, days: number): DayKey => dayKeyFromEpochDay(epochDay(day) + days);
