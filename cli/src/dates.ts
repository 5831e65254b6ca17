/**
 * Dates and times as an operator types them, read in the zone they are shown in (`--tz`, default
 * UTC), so what `history` prints can be pasted back:
 * - `2026-05-04`: that day in the zone. As a lower bound its first instant; as an upper bound
 *   its last (a bare day is inclusive: `--since D --until D` is the whole day D);
 * - `2026-05-04 20:03:09` or `2026-05-04T20:03` (history's format): that wall time in the zone,
 *   an upper bound covering the whole second or minute written;
 * - with `Z` or an offset (`2026-05-04T18:00:00+02:00`): that instant, whatever `--tz` says.
 * Anything else is refused with a message; `20261016` is refused as ambiguous by `replay`.
 */

export type Bound = 'start' | 'end';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export const DATE_HINT =
  'expected a day (2026-05-04), a time as history prints it (2026-05-04 20:03:09) in --tz, or an ISO time with a zone (2026-05-04T18:00:00Z)';

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC at an instant, in milliseconds. */
const offsetAt = (instant: number, timeZone: string): number => {
  let format = formatters.get(timeZone);
  if (!format)
    formatters.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })),
    );
  const parts = Object.fromEntries(
    format.formatToParts(instant).map(({ type, value }) => [type, Number(value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (instant - (instant % 1000));
};

/** The instant a wall-clock time has in a zone (a time skipped by a DST change moves forward). */
export const wallTimeToInstant = (wall: number, timeZone: string): number => {
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return offsetAt(second, timeZone) === wall - second ? second : first;
};

const validDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** The instant an operator meant, or null when the text is no date or time this reads. */
export const parseInstant = (text: string, timeZone: string, bound: Bound): Date | null => {
  const typed = text.trim();
  if (ZONED.test(typed)) {
    const parsed = Date.parse(typed);
    return Number.isNaN(parsed) ? null : new Date(parsed);
  }
  const day = DAY.exec(typed);
  if (day) {
    const [year, month, date] = day.slice(1).map(Number) as [number, number, number];
    if (!validDay(year, month, date)) return null;
    if (bound === 'start') return new Date(wallTimeToInstant(Date.UTC(year, month - 1, date), timeZone));
    return new Date(wallTimeToInstant(Date.UTC(year, month - 1, date + 1), timeZone) - 1);
  }
  const wall = WALL.exec(typed);
  if (wall) {
    const [year, month, date, hour, minute] = wall.slice(1, 6).map(Number) as number[];
    const second = wall[6] === undefined ? 0 : Number(wall[6]);
    const millis = wall[7] === undefined ? 0 : Number(wall[7].padEnd(3, '0'));
    if (!validDay(year!, month!, date!) || hour! > 23 || minute! > 59 || second > 59) return null;
    const start = wallTimeToInstant(
      Date.UTC(year!, month! - 1, date!, hour, minute, second, millis),
      timeZone,
    );
    // An upper bound covers the whole minute or second written, as a bare day covers the day.
    const span = wall[7] !== undefined ? 0 : wall[6] !== undefined ? 999 : 59_999;
    return new Date(bound === 'end' ? start + span : start);
  }
  return null;
};

/** `20261016`: eight digits that read as a calendar day. */
export const looksLikeCompactDay = (text: string): boolean => {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
  return (
    match !== null &&
    validDay(Number(match[1]), Number(match[2]), Number(match[3])) &&
    Number(match[1]) >= 1970
  );
};
