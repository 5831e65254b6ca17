/** A calendar day as 'yyyy-MM-dd', in whatever zone it was taken. Sorts like the days it names. */
export type DayKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/**
 * One formatter per zone: building an `Intl.DateTimeFormat` costs far more than using one, and the
 * practice report asks for days on every read. An unknown zone throws (RangeError) and is not kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The customer's calendar day of an instant, in their IANA time zone. */
export const dayKeyInZone = (instant: Date | number, timeZone: string): DayKey => {
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatterFor(timeZone).formatToParts(instant))
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  return `${year.padStart(4, '0')}-${month}-${day}`;
};

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
