import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epochDay, shiftDayKey } from '../calendar/day-keys.js';
import { DEFAULT_WEEKLY_GOAL, goalInForce, weeklyGoalProgress, weekStartOf } from './weekly-goal.js';

const TODAY = '2026-03-19'; // a Thursday
const MONDAY = '2026-03-16';

const days = fc.array(
  fc.integer({ min: -70, max: 1 }).map((offset) => shiftDayKey(TODAY, offset)),
  {
    maxLength: 80,
  },
);
const settings = fc.array(
  fc.record({
    day: fc.integer({ min: -70, max: 0 }).map((offset) => shiftDayKey(TODAY, offset)),
    daysPerWeek: fc.integer({ min: 1, max: 7 }),
  }),
  { maxLength: 5 },
);

describe('the weekly goal', () => {
  it('weeks start on Monday', () => {
    expect(weekStartOf(TODAY)).toBe(MONDAY);
    expect(weekStartOf(MONDAY)).toBe(MONDAY);
    expect(weekStartOf('2026-03-22')).toBe(MONDAY); // Sunday
    expect(weekStartOf('2026-03-23')).toBe('2026-03-23');
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 40_000 }), (offset) => {
        const day = shiftDayKey('1970-01-01', offset);
        const start = weekStartOf(day);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(epochDay(day) - epochDay(start)).toBeGreaterThanOrEqual(0);
        expect(epochDay(day) - epochDay(start)).toBeLessThan(7);
      }),
    );
  });

  it('is 3 days until set, and a week is judged by the goal set last before its end', () => {
    expect(goalInForce([], TODAY)).toBe(DEFAULT_WEEKLY_GOAL);
    const history = [
      { day: '2026-03-02', daysPerWeek: 5 },
      { day: '2026-03-18', daysPerWeek: 2 },
    ];
    expect(goalInForce(history, '2026-03-01')).toBe(3);
    expect(goalInForce(history, '2026-03-08')).toBe(5);
    expect(goalInForce(history, TODAY)).toBe(2);
  });

  it("counts this week's practice days up to today and the weeks met in a row", () => {
    const practised = [
      // 2 weeks ago: 3 days (goal 3: met); last week: 3 days (met); this week: 2 so far.
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-15',
      MONDAY,
      TODAY,
    ];
    expect(weeklyGoalProgress(practised, [], TODAY)).toEqual({
      daysPerWeek: 3,
      weekStart: MONDAY,
      weekEnd: '2026-03-22',
      practiceDays: 2,
      met: false,
      weeksMetInARow: 2,
    });
    // Setting the goal to 2 this week meets it: the run grows by this week.
    expect(weeklyGoalProgress(practised, [{ day: TODAY, daysPerWeek: 2 }], TODAY)).toMatchObject({
      met: true,
      weeksMetInARow: 3,
    });
    // A missed week 3 weeks ago does not matter; a missed last week ends the run.
    expect(weeklyGoalProgress([MONDAY, TODAY, '2026-03-17'], [], TODAY)).toMatchObject({
      met: true,
      weeksMetInARow: 1,
    });
  });

  it('over random calendars: this week is counted exactly, and the run is the weeks that met their goal', () => {
    fc.assert(
      fc.property(days, settings, (practised, goals) => {
        const progress = weeklyGoalProgress(practised, goals, TODAY);
        const unique = new Set(practised);
        const inWeek = (start: string, end: string) =>
          [...unique].filter((day) => day >= start && day <= end).length;
        expect(progress.practiceDays).toBe(inWeek(MONDAY, TODAY));
        expect(progress.met).toBe(progress.practiceDays >= goalInForce(goals, TODAY));
        // Walk the weeks back by hand.
        let run = progress.met ? 1 : 0;
        for (let monday = shiftDayKey(MONDAY, -7); ; monday = shiftDayKey(monday, -7)) {
          const sunday = shiftDayKey(monday, 6);
          if (inWeek(monday, sunday) < goalInForce(goals, sunday)) break;
          run += 1;
        }
        expect(progress.weeksMetInARow).toBe(run);
        // Practising one more day never shortens the run.
        const more = weeklyGoalProgress([...practised, shiftDayKey(TODAY, -3)], goals, TODAY);
        expect(more.weeksMetInARow).toBeGreaterThanOrEqual(progress.weeksMetInARow);
      }),
      { numRuns: 300 },
    );
  });
});
