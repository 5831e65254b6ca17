import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayKeyInZone, shiftDayKey } from '../calendar/day-keys.js';
import { humaneStreak } from '../progress/humane-streak.js';
import { givenWhenThen } from '../testing/given-when-then.js';
import { practiceDecider } from './practice-decider.js';
import type { PracticeEvent } from './practice-events.js';

const given = givenWhenThen(practiceDecider, new Date('2026-04-05T12:00:00Z'));

/** Ten minutes on a lesson by the server's clock: what lets a practice activity record ten minutes. */
const practisedTenMinutes: PracticeEvent = {
  type: 'LessonEvaluated',
  data: {
    lessonId: 7,
    playId: null,
    focus: 'timing',
    type: 'exercise',
    ratingDifficulty: 'easy',
    skipped: false,
    level: 'beginner',
    practisedMs: 10 * 60_000,
    earned: true,
    masteryShown: false,
    evaluatedAt: '2026-03-01T10:00:00.000Z',
  },
};

describe('Recorded practice days (the humane streak counts them)', () => {
  it("count the customer's own days: practice at local times in any zone gives the local calendar's streak", () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/Los_Angeles',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'America/St_Johns',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // Local practice days around the DST changes of 2026, each at a local hour and minute.
        fc.array(
          fc.record({
            offset: fc.integer({ min: -40, max: 0 }),
            hour: fc.integer({ min: 0, max: 23 }),
            minute: fc.integer({ min: 0, max: 59 }),
          }),
          { maxLength: 50 },
        ),
        fc.integer({ min: 0, max: 23 }),
        (zone, sessions, nowHour) => {
          const today = '2026-04-05'; // after the spring changes in Europe and America, Lord Howe's autumn one
          const localDay = (offset: number) => shiftDayKey(today, offset);
          const instantOf = (day: string, hour: number, minute: number) => {
            const [year, month, date] = day.split('-').map(Number) as [number, number, number];
            return new TZDate(year, month - 1, date, hour, minute, 0, zone);
          };
          // What the server records: the practice decider puts each session on its day in the zone.
          const recordedDays = sessions.flatMap(({ offset, hour, minute }) =>
            given(practisedTenMinutes)
              .when(
                { type: 'RecordPracticeActivity', data: { lessons: 1, minutes: 10, timeZone: zone } },
                new Date(instantOf(localDay(offset), hour, minute).getTime()),
              )
              .events()
              .map((event) => (event.type === 'PracticeActivityRecorded' ? event.data.day : '')),
          );
          const now = instantOf(today, nowHour, 30);
          expect(dayKeyInZone(now, zone)).toBe(today);
          const localDays = sessions.map(({ offset }) => localDay(offset));
          expect(recordedDays.sort()).toEqual([...localDays].sort());
          expect(humaneStreak(recordedDays, dayKeyInZone(now, zone))).toEqual(humaneStreak(localDays, today));
        },
      ),
      { numRuns: 300 },
    );
  });
});
