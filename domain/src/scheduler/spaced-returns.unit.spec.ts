import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETURN_DAYS, returnDueAt, returnIntervalDays } from './spaced-returns.js';
import { withRating, withTake, type LessonTakeHistory } from './take-history.js';

const start = Date.parse('2026-05-01T10:00:00.000Z');
const DAY = 86_400_000;
/** One play a day, each with one take of the given accuracy. */
const plays = (...accuracies: number[]): LessonTakeHistory | undefined =>
  accuracies.reduce<LessonTakeHistory | undefined>(
    (history, accuracy, day) =>
      withTake(history, {
        bpm: 80,
        accuracy,
        playId: `p${day}`,
        at: new Date(start + day * DAY).toISOString(),
      }),
    undefined,
  );

describe('Spaced returns', () => {
  it('bring a lesson back the next day while it stays below 70 %', () => {
    expect(returnIntervalDays(plays(55))).toBe(1);
    expect(returnIntervalDays(plays(95, 95, 60))).toBe(1);
  });

  it('grow with every play in a row at 70 % or more, faster when played well, up to 30 days', () => {
    expect(returnIntervalDays(plays(75))).toBe(2);
    expect(returnIntervalDays(plays(75, 80))).toBe(4);
    expect(returnIntervalDays(plays(95))).toBe(4);
    expect(returnIntervalDays(plays(60, 80, 95))).toBe(8);
    expect(returnIntervalDays(plays(95, 95, 95, 95, 95, 95))).toBe(RETURN_DAYS.longest);
  });

  it('wait longer after a rating of too easy, and count from the last play or the evaluation after it', () => {
    const history = withRating(plays(95), 'p0');
    expect(returnIntervalDays(history, { lastRating: 'too_easy' })).toBe(8);
    const evaluatedAt = new Date(start + 2 * 3_600_000).toISOString();
    expect(returnDueAt(history, { lastRating: 'easy', lastEvaluatedAt: evaluatedAt, count: 1 })).toBe(
      Date.parse(evaluatedAt) + 4 * DAY,
    );
  });

  it('leave lessons without takes to the self-rating rests', () => {
    expect(returnIntervalDays(undefined)).toBeNull();
    expect(
      returnDueAt(undefined, {
        lastRating: 'too_hard',
        lastEvaluatedAt: new Date(start).toISOString(),
        count: 1,
      }),
    ).toBeNull();
  });

  it('are 1 to 30 days, and never shorter after a better play (property)', () => {
    const accuracy = fc.integer({ min: 0, max: 100 });
    fc.assert(
      fc.property(fc.array(accuracy, { minLength: 1, maxLength: 8 }), accuracy, (earlier, last) => {
        const days = returnIntervalDays(plays(...earlier, last))!;
        expect(days).toBeGreaterThanOrEqual(1);
        expect(days).toBeLessThanOrEqual(30);
        expect(returnIntervalDays(plays(...earlier, Math.min(100, last + 10)))!).toBeGreaterThanOrEqual(days);
      }),
    );
  });
});
