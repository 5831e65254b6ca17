import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heatmapIntensity } from '../rules/heatmap-intensity.js';
import { tz, TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { subMonths } from 'date-fns/subMonths';
import { HEATMAP_MONTHS } from '../rules/limits.js';
import { dayKeyInZone, epochDay, shiftDayKey } from '../calendar/day-keys.js';
import { buildHeatmap, heatmapWindow, practiceStatsOverview, totalPracticeHours } from './heatmap.js';

describe('heatmap window', () => {
  it('spans the last 4 months up to today', () => {
    expect(heatmapWindow(Date.parse('2024-06-15T12:00:00Z'), 'UTC')).toEqual({
      from: '2024-02-16',
      to: '2024-06-15',
    });
  });

  it('ends on today in the customer zone', () => {
    expect(heatmapWindow(Date.parse('2024-06-30T23:30:00Z'), 'Europe/Berlin')).toEqual({
      from: '2024-03-02',
      to: '2024-07-01',
    });
    expect(heatmapWindow(Date.parse('2024-06-30T23:30:00Z'), 'UTC').to).toBe('2024-06-30');
  });

  it('clamps to the end of a shorter month', () => {
    // 4 months before 30 June is 29 February (leap year); the window starts the day after
    expect(heatmapWindow(Date.parse('2024-06-30T12:00:00Z'), 'UTC').from).toBe('2024-03-01');
  });
});

describe('heatmap', () => {
  const window = { from: '2024-03-01', to: '2024-03-10' };

  it('has one cell per day, zero where nothing was practised', () => {
    const cells = buildHeatmap([{ date: '2024-03-05', count: 2, practiceDurationMinutes: 35 }], window);
    expect(cells).toHaveLength(10);
    expect(cells[0]).toEqual({ date: '2024-03-01', count: 0, minutes: 0, intensity: 0 });
    expect(cells[4]).toEqual({ date: '2024-03-05', count: 2, minutes: 35, intensity: 2 });
    expect(cells[9]?.date).toBe('2024-03-10');
  });

  it('adds up several sessions of one day before scoring it', () => {
    const cells = buildHeatmap(
      [
        { date: '2024-03-02', count: 1, practiceDurationMinutes: 40 },
        { date: '2024-03-02', count: 1, practiceDurationMinutes: 25 },
      ],
      window,
    );
    expect(cells[1]).toEqual({ date: '2024-03-02', count: 2, minutes: 65, intensity: 3 });
  });

  it('leaves out days before or after the window', () => {
    const cells = buildHeatmap(
      [
        { date: '2024-02-29', count: 5, practiceDurationMinutes: 200 },
        { date: '2024-03-11', count: 5, practiceDurationMinutes: 200 },
      ],
      window,
    );
    expect(cells.every((cell) => cell.count === 0 && cell.intensity === 0)).toBe(true);
  });

  it('covers every day of the window in order, with the totals and intensity of its entries', () => {
    const entry = fc.record({
      date: fc.integer({ min: -5, max: 15 }).map((offset) => shiftDayKey(window.from, offset)),
      count: fc.integer({ min: 0, max: 20 }),
      practiceDurationMinutes: fc.integer({ min: 1, max: 200 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        const cells = buildHeatmap(entries, window);
        cells.forEach((cell, i) => {
          expect(epochDay(cell.date)).toBe(epochDay(window.from) + i);
          const sameDay = entries.filter((e) => e.date === cell.date);
          const minutes = sameDay.reduce((sum, e) => sum + e.practiceDurationMinutes, 0);
          const count = sameDay.reduce((sum, e) => sum + e.count, 0);
          expect(cell).toEqual({
            date: cell.date,
            count,
            minutes,
            intensity: heatmapIntensity(minutes, count),
          });
        });
        expect(cells.at(-1)?.date).toBe(window.to);
      }),
    );
  });
});

describe('stats overview', () => {
  it('shows whole hours, all lessons and the streaks', () => {
    const overview = practiceStatsOverview(
      [
        { date: '2024-03-01', count: 3, practiceDurationMinutes: 50 },
        { date: '2024-03-02', count: 2, practiceDurationMinutes: 69 },
        { date: '2024-03-04', count: 1, practiceDurationMinutes: 10 },
      ],
      '2024-03-05',
    );
    expect(overview).toEqual({ hours: 2, lessons: 6, longestStreak: 2, currentStreak: 1 });
  });

  it('floors hours', () => {
    expect([0, 59, 60, 119, 120, 1439].map(totalPracticeHours)).toEqual([0, 0, 1, 1, 2, 23]);
  });
});

describe('the calendar arithmetic', () => {
  // date-fns with @date-fns/tz is the oracle: the product computes the same days without it, since
  // the practice report asks for them on every read.
  const zones = [
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'Pacific/Kiritimati',
    'Etc/GMT+12',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
  ];
  const instants = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) });

  it("names an instant's day in a zone as date-fns does", () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        expect(dayKeyInZone(instant, zone)).toBe(format(instant, 'yyyy-MM-dd', { in: tz(zone) }));
      }),
      { numRuns: 2000 },
    );
  });

  it('starts the window the day after the same day 4 months ago, clamped to month end, as date-fns does', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const to = format(instant, 'yyyy-MM-dd', { in: tz(zone) });
        const [year, month, day] = to.split('-').map(Number) as [number, number, number];
        const monthsAgo = subMonths(new TZDate(year, month - 1, day, 'UTC'), HEATMAP_MONTHS, {
          in: tz('UTC'),
        });
        const from = shiftDayKey(format(monthsAgo, 'yyyy-MM-dd', { in: tz('UTC') }), 1);
        expect(heatmapWindow(instant, zone)).toEqual({ from, to });
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses an unknown zone', () => {
    expect(() => dayKeyInZone(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
