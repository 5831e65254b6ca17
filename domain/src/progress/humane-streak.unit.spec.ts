import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epochDay, shiftDayKey } from '../calendar/day-keys.js';
import { humaneStreak, MAX_FREEZES_HELD, PRACTICE_DAYS_PER_FREEZE } from './humane-streak.js';
import { practiceStreaks } from './streak.js';

const TODAY = '2026-03-20';

/** The rules of the README walked one calendar day at a time, as a drummer would count them. */
const dayByDay = (days: readonly string[], today: string) => {
  const practised = new Set(days.filter((day) => day <= today));
  const sorted = [...practised].sort();
  let current = 0;
  let longest = 0;
  let freezes = 0;
  let practiceDays = 0;
  const frozen: string[] = [];
  if (sorted.length > 0)
    for (let day = sorted[0]!; day <= today; day = shiftDayKey(day, 1)) {
      if (practised.has(day)) {
        current += 1;
        practiceDays += 1;
        if (practiceDays % PRACTICE_DAYS_PER_FREEZE === 0) freezes = Math.min(MAX_FREEZES_HELD, freezes + 1);
        longest = Math.max(longest, current);
      } else if (day !== today && current > 0) {
        if (freezes > 0) {
          freezes -= 1;
          frozen.push(day);
        } else current = 0;
      }
    }
  return { current, longest, freezesHeld: freezes, frozenDays: frozen };
};

/** Practice calendars over the last ~90 days, dense enough that freezes are earned and spent. */
const calendars = fc.oneof(
  fc.array(
    fc.integer({ min: -90, max: 2 }).map((offset) => shiftDayKey(TODAY, offset)),
    { maxLength: 120 },
  ),
  // Mostly practised, with a few gaps of 1-4 days: the shape freezes are for.
  fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 60 }).map((gaps) => {
    let day = shiftDayKey(TODAY, -100);
    return gaps.map((gap) => (day = shiftDayKey(day, gap + 1)));
  }),
);

describe('humane streaks', () => {
  it('follow the rules walked day by day, over random practice calendars', () => {
    fc.assert(
      fc.property(calendars, (days) => {
        const { practiceDaysToNextFreeze, ...streak } = humaneStreak(days, TODAY);
        expect(streak).toEqual(dayByDay(days, TODAY));
        expect(practiceDaysToNextFreeze).toBeGreaterThanOrEqual(1);
        expect(practiceDaysToNextFreeze).toBeLessThanOrEqual(PRACTICE_DAYS_PER_FREEZE);
      }),
      { numRuns: 400 },
    );
  });

  it('forgive: never shorter than the strict streak, freezes held 0-2, frozen days missed and earned', () => {
    fc.assert(
      fc.property(calendars, (days) => {
        const humane = humaneStreak(days, TODAY);
        const strict = practiceStreaks(days, TODAY);
        expect(humane.current).toBeGreaterThanOrEqual(strict.current);
        expect(humane.longest).toBeGreaterThanOrEqual(strict.longest);
        expect(humane.longest).toBeGreaterThanOrEqual(humane.current);
        expect(humane.freezesHeld).toBeGreaterThanOrEqual(0);
        expect(humane.freezesHeld).toBeLessThanOrEqual(MAX_FREEZES_HELD);
        const practised = new Set(days.filter((day) => day <= TODAY));
        for (const frozen of humane.frozenDays) {
          expect(practised.has(frozen)).toBe(false);
          expect(frozen < TODAY).toBe(true);
        }
        const earned = Math.floor(practised.size / PRACTICE_DAYS_PER_FREEZE);
        expect(humane.frozenDays.length + humane.freezesHeld).toBeLessThanOrEqual(earned);
        // With no freeze ever earned, it is the strict streak.
        if (earned === 0) expect({ current: humane.current, longest: humane.longest }).toEqual(strict);
      }),
      { numRuns: 400 },
    );
  });

  it('do not depend on the order or repetition of the days', () => {
    fc.assert(
      fc.property(
        calendars.chain((days) =>
          fc.tuple(fc.constant(days), fc.shuffledSubarray(days, { minLength: days.length })),
        ),
        ([days, shuffled]) => {
          expect(humaneStreak([...shuffled, ...shuffled], TODAY)).toEqual(humaneStreak(days, TODAY));
        },
      ),
    );
  });

  it('14 days in a row, then 2 missed days: both frozen, the streak goes on at 15 and no freeze is left', () => {
    const fortnight = Array.from({ length: 14 }, (_, index) => shiftDayKey('2026-03-01', index));
    const streak = humaneStreak([...fortnight, '2026-03-17'], '2026-03-17');
    expect(streak).toEqual({
      current: 15,
      longest: 15,
      freezesHeld: 0,
      practiceDaysToNextFreeze: 6,
      frozenDays: ['2026-03-15', '2026-03-16'],
    });
    // A third missed day breaks it; today not yet practised is not missed.
    expect(humaneStreak(fortnight, '2026-03-17').current).toBe(14);
    expect(humaneStreak(fortnight, '2026-03-18').current).toBe(0);
    expect(humaneStreak(fortnight, '2026-03-18').longest).toBe(14);
  });

  it('a third freeze earned while two are held is lost', () => {
    const days = Array.from({ length: 21 }, (_, index) => shiftDayKey('2026-01-01', index));
    expect(humaneStreak(days, shiftDayKey('2026-01-01', 21)).freezesHeld).toBe(2);
  });

  it('ignore days after today (clock skew)', () => {
    expect(humaneStreak(['2026-03-21'], TODAY)).toEqual(humaneStreak([], TODAY));
    expect(epochDay(TODAY)).toBeGreaterThan(0);
  });
});
