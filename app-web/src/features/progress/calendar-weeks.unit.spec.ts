import type { DayKey, HeatmapDay } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { calendarWeeks, dayDetail, dayTooltip } from './calendar-weeks';

const day = (date: string, count = 0, minutes = 0): HeatmapDay => ({
  date: date as DayKey,
  count,
  minutes,
  intensity: 0,
});

const daysFrom = (from: string, count: number): HeatmapDay[] =>
  Array.from({ length: count }, (_, index) =>
    day(new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10)),
  );

describe('the activity calendar', () => {
  it('starts the first week on the first day’s weekday and pads the last week', () => {
    // 2026-07-22 is a Wednesday; 2026-11-21 a Saturday.
    const days = daysFrom('2026-07-22', 123);
    expect(days.at(-1)?.date).toBe('2026-11-21');
    const weeks = calendarWeeks(days, 'en-US');
    expect(weeks[0]?.days.slice(0, 3)).toEqual([null, null, days[0]]);
    expect(weeks.at(-1)?.days.slice(5)).toEqual([days.at(-1), null]);
    expect(weeks.flatMap((week) => week.days).filter(Boolean)).toHaveLength(123);
    expect(weeks.every((week) => week.days.length === 7)).toBe(true);
  });

  it('labels the first week and each week in which a month begins', () => {
    // 2026-08-05 (Wednesday): September begins four weeks later.
    const weeks = calendarWeeks(daysFrom('2026-08-05', 123), 'en-US');
    expect(weeks.map((week) => week.monthLabel).filter(Boolean)).toEqual(['Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('drops the first label when the next month begins in the second week', () => {
    // 2026-07-22 (Wednesday): August begins in the second week.
    const weeks = calendarWeeks(daysFrom('2026-07-22', 123), 'en-US');
    expect(weeks.map((week) => week.monthLabel).filter(Boolean)).toEqual(['Aug', 'Sep', 'Oct', 'Nov']);
    expect(weeks[1]?.monthLabel).toBe('Aug');
  });

  it('has no weeks without days', () => {
    expect(calendarWeeks([])).toEqual([]);
  });

  it('tooltip and detail texts of product-spec §2', () => {
    expect(dayTooltip(day('2026-11-21', 3, 45), 'en-US')).toBe('3 lessons practised Nov 21, 2026');
    expect(dayDetail(day('2026-11-21', 3, 45), 'en-US')).toEqual({
      date: 'Nov 21, 2026',
      lessons: '3 lessons practiced',
      minutes: '45 min in total practiced',
    });
    expect(dayDetail(day('2026-11-20'), 'en-US').lessons).toBe('No lessons practiced');
    expect(dayDetail(day('2026-11-20'), 'en-US').minutes).toBe('0 min in total practiced');
  });
});
