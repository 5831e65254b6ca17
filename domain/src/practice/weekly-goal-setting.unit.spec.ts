import fc from 'fast-check';
import { describe, it } from 'vitest';
import { givenWhenThen } from '../testing/given-when-then.js';
import { practiceDecider } from './practice-decider.js';

const now = new Date('2026-03-15T23:30:00Z'); // Monday 00:30 in Berlin, still Sunday in UTC
const given = givenWhenThen(practiceDecider, now);
const set = (daysPerWeek: number, timeZone?: string) =>
  ({ type: 'SetWeeklyGoal', data: { daysPerWeek, timeZone } }) as const;

describe('SetWeeklyGoal', () => {
  it('records the goal on the customer day in their zone', () => {
    given()
      .when(set(5, 'Europe/Berlin'))
      .then([
        { type: 'WeeklyGoalSet', data: { daysPerWeek: 5, day: '2026-03-16', setAt: now.toISOString() } },
      ]);
    given()
      .when(set(1))
      .then([
        { type: 'WeeklyGoalSet', data: { daysPerWeek: 1, day: '2026-03-15', setAt: now.toISOString() } },
      ]);
  });

  it('refuses anything but 1 to 7 whole days', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 8 }), fc.double({ noInteger: true })),
        (daysPerWeek) => given().when(set(daysPerWeek)).thenThrows('invalid_input'),
      ),
    );
  });
});
