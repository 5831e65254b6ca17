import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayKeyFromEpochDay, dayKeyInZone, epochDay, shiftDayKey } from '../calendar/day-keys.js';
import { practiceStreaks, practiceStreaksAt } from './streak.js';

const TODAY = '2024-03-20';

/** Straightforward reference: walk runs day by day over the set of practice days up to today. */
const bruteForce = (days: string[], today: string) => {
  const practised = new Set(days.filter((day) => day <= today));
  const runFrom = (day: string, direction: 1 | -1) => {
    let length = 0;
    while (practised.has(shiftDayKey(day, direction * length))) length += 1;
    return length;
  };
  const longest = Math.max(0, ...[...practised].map((day) => runFrom(day, 1)));
  const current = practised.has(today) ? runFrom(today, -1) : runFrom(shiftDayKey(today, -1), -1);
  return { longest, current };
};

/** Practice days within 60 days around today, so runs and gaps both occur often. */
const practiceDays = fc.array(
  fc.integer({ min: -60, max: 2 }).map((offset) => shiftDayKey(TODAY, offset)),
  { maxLength: 80 },
);

describe('practice streaks', () => {
  it('equals a brute-force count, and the longest streak is never shorter than the current one', () => {
    fc.assert(
      fc.property(practiceDays, (days) => {
        const streaks = practiceStreaks(days, TODAY);
        expect(streaks).toEqual(bruteForce(days, TODAY));
        expect(streaks.longest).toBeGreaterThanOrEqual(streaks.current);
      }),
    );
  });

  it('does not depend on order or repetition of the days', () => {
    fc.assert(
      fc.property(practiceDays, (days) => {
        const shuffled = [...days, ...days].reverse();
        expect(practiceStreaks(shuffled, TODAY)).toEqual(practiceStreaks(days, TODAY));
      }),
    );
  });

  it('keeps a streak alive through today when the last practice was yesterday', () => {
    expect(practiceStreaks(['2024-03-17', '2024-03-18', '2024-03-19'], TODAY)).toEqual({
      longest: 3,
      current: 3,
    });
    expect(practiceStreaks(['2024-03-18', '2024-03-19', '2024-03-20'], TODAY)).toEqual({
      longest: 3,
      current: 3,
    });
  });

  it('ends the current streak after a whole day without practice, keeping the longest', () => {
    expect(practiceStreaks(['2024-03-16', '2024-03-17', '2024-03-18'], TODAY)).toEqual({
      longest: 3,
      current: 0,
    });
    expect(practiceStreaks([], TODAY)).toEqual({ longest: 0, current: 0 });
  });

  it('counts runs across month and year ends and leap days', () => {
    expect(practiceStreaks(['2023-12-31', '2024-01-01'], '2024-01-01')).toEqual({ longest: 2, current: 2 });
    expect(practiceStreaks(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01').longest).toBe(3);
    expect(practiceStreaks(['2023-02-28', '2023-03-01'], '2023-03-01').longest).toBe(2);
  });
});

describe('practice days in the customer time zone', () => {
  it('puts 23:30 UTC on the next day in Europe/Berlin and the same day in New York', () => {
    const instant = Date.parse('2024-01-15T23:30:00Z');
    expect(dayKeyInZone(instant, 'Europe/Berlin')).toBe('2024-01-16');
    expect(dayKeyInZone(instant, 'UTC')).toBe('2024-01-15');
    expect(dayKeyInZone(instant, 'America/New_York')).toBe('2024-01-15');
  });

  it('respects summer time: 22:30 UTC is already tomorrow in Berlin in July', () => {
    expect(dayKeyInZone(Date.parse('2024-07-15T22:30:00Z'), 'Europe/Berlin')).toBe('2024-07-16');
    expect(dayKeyInZone(Date.parse('2024-01-15T22:30:00Z'), 'Europe/Berlin')).toBe('2024-01-15');
  });

  it('makes two sessions an hour apart a two-day streak in Berlin but one day in UTC', () => {
    const sessions = [Date.parse('2024-01-14T22:30:00Z'), Date.parse('2024-01-14T23:30:00Z')];
    const now = Date.parse('2024-01-15T12:00:00Z');
    expect(practiceStreaksAt(sessions, now, 'Europe/Berlin')).toEqual({ longest: 2, current: 2 });
    expect(practiceStreaksAt(sessions, now, 'UTC')).toEqual({ longest: 1, current: 1 });
  });

  it('takes "today" in the customer zone too', () => {
    // 23:30 UTC on the 16th is the 17th in Berlin: practice on the 15th is two days back, the streak is over.
    const sessions = [Date.parse('2024-01-15T12:00:00Z')];
    expect(practiceStreaksAt(sessions, Date.parse('2024-01-16T23:30:00Z'), 'Europe/Berlin').current).toBe(0);
    expect(practiceStreaksAt(sessions, Date.parse('2024-01-16T23:30:00Z'), 'UTC').current).toBe(1);
  });

  it('round-trips day keys through epoch days', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (days) => {
        expect(epochDay(dayKeyFromEpochDay(days))).toBe(days);
      }),
    );
  });
});
