import { describe, expect, it } from 'vitest';
import { handleCommand } from '../decider/command-handler.js';
import { isDomainError } from '../errors/domain-error.js';
import { createInMemoryEventStore } from '../event-store/in-memory-event-store.js';
import type { IncrementUsage } from './practice-commands.js';
import { practiceDecider } from './practice-decider.js';
import { usageOn } from './practice-queries.js';
import { practiceEventSchemaVersions, practiceStreamId } from './practice-events.js';

const now = new Date('2025-03-10T12:00:00Z');
const increment: IncrementUsage = {
  type: 'IncrementUsage',
  data: { usageType: 'lesson', plan: { tier: 'freemium', status: 'freemium' }, timeZone: 'UTC' },
  metadata: { now },
};

describe('handleCommand on a practice stream', () => {
  it('never lets concurrent requests take a freemium customer past 3 lessons a day', async () => {
    const store = createInMemoryEventStore();
    const stream = practiceStreamId('c-1');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        handleCommand(store, stream, practiceDecider, practiceEventSchemaVersions, increment),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(isDomainError(outcome.reason, 'daily_limit_reached')).toBe(true);
    const recorded = await store.readStream(stream);
    expect(recorded.map((event) => event.type)).toEqual([
      'UsageIncremented',
      'UsageIncremented',
      'UsageIncremented',
    ]);
    expect(recorded[0]?.metadata).toMatchObject({ schemaVersion: 1, time: now.toISOString() });
  });

  it('makes a command from the state read again on the fresh stream after a concurrent append', async () => {
    const store = createInMemoryEventStore();
    const stream = practiceStreamId('c-3');
    // What each call's latest command was made on: the usage already counted today.
    const madeOn = Array.from({ length: 3 }, () => -1);
    const counted = await Promise.all(
      madeOn.map((_, call) =>
        handleCommand(store, stream, practiceDecider, practiceEventSchemaVersions, (state) => {
          madeOn[call] = usageOn(state, '2025-03-10');
          return increment;
        }),
      ),
    );
    // Each call appended on the state its command was made from: 0, 1 and 2 lessons before it.
    expect([...madeOn].sort()).toEqual([0, 1, 2]);
    for (const [call, { state }] of counted.entries())
      expect(usageOn(state, '2025-03-10')).toBe(madeOn[call]! + 1);
  });

  it('returns the new state, and writes nothing for a no-op', async () => {
    const store = createInMemoryEventStore();
    const stream = practiceStreamId('c-2');
    const first = await handleCommand(store, stream, practiceDecider, practiceEventSchemaVersions, increment);
    expect(usageOn(first.state, '2025-03-10')).toBe(1);
    expect(first.position).not.toBeNull();
    const rate = {
      type: 'SetSkillLevel',
      data: { skill: 'timing', level: 'level not set' },
      metadata: { now },
    } as const;
    const noop = await handleCommand(store, stream, practiceDecider, practiceEventSchemaVersions, rate);
    expect(noop).toMatchObject({ events: [], position: null });
    expect(await store.readStream(stream)).toHaveLength(1);
  });
});
