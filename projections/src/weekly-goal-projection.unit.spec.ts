import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createInMemoryEventStore,
  erasureStreamId,
  handleCommand,
  practiceDecider,
  practiceEventSchemaVersions,
  practiceStreamId,
  shiftDayKey,
  type PracticeCommand,
} from '@stickwork/domain';
import { foldProjection } from './fold.js';
import { addPracticeDay } from './practice-streaks-projection.js';
import { practiceDaysOfRuns, weeklyGoalProjection } from './weekly-goal-projection.js';

const run = (
  store: ReturnType<typeof createInMemoryEventStore>,
  customer: string,
  command: object,
  at: string,
) =>
  handleCommand(store, practiceStreamId(customer), practiceDecider, practiceEventSchemaVersions, {
    ...command,
    metadata: { now: new Date(at) },
  } as PracticeCommand);

const goal = (daysPerWeek: number, timeZone = 'UTC') => ({
  type: 'SetWeeklyGoal',
  data: { daysPerWeek, timeZone },
});

describe('the weekly_goals read model', () => {
  it('keeps the goals set, one per customer day (the last), oldest first, per customer', async () => {
    const store = createInMemoryEventStore();
    await run(store, 'ann', goal(5), '2026-03-02T10:00:00Z');
    await run(store, 'ann', goal(2), '2026-03-09T10:00:00Z');
    await run(store, 'ann', goal(4), '2026-03-09T18:00:00Z');
    // 23:30 UTC is already the next day in Berlin.
    await run(store, 'ben', goal(7, 'Europe/Berlin'), '2026-03-09T23:30:00Z');
    const models = foldProjection(weeklyGoalProjection, await store.readAll());
    expect(models.get('ann')).toEqual({
      settings: [
        { day: '2026-03-02', daysPerWeek: 5 },
        { day: '2026-03-09', daysPerWeek: 4 },
      ],
    });
    expect(models.get('ben')).toEqual({ settings: [{ day: '2026-03-10', daysPerWeek: 7 }] });
  });

  it('is erased with the practice history and with the account', async () => {
    const store = createInMemoryEventStore();
    await run(store, 'ann', goal(5), '2026-03-02T10:00:00Z');
    await run(store, 'ben', goal(6), '2026-03-02T10:00:00Z');
    await run(store, 'ann', { type: 'ErasePracticeHistory', data: {} }, '2026-03-03T10:00:00Z');
    await store.appendToStream(erasureStreamId('ben'), [
      {
        type: 'CustomerErased',
        data: { customerId: 'ben', erasedAt: '2026-03-03T10:00:00.000Z' },
        metadata: { schemaVersion: 1, time: '2026-03-03T10:00:00.000Z' },
      },
    ]);
    const models = foldProjection(weeklyGoalProjection, await store.readAll());
    expect(models.size).toBe(0);
  });

  it('the streak runs give back exactly the practice days', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }).map((offset) => shiftDayKey('2026-01-01', offset))),
        (days) => {
          const runs = days.reduce(addPracticeDay, []);
          expect([...practiceDaysOfRuns(runs)]).toEqual([...new Set(days)].sort());
        },
      ),
    );
  });
});
