import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryEventStore } from '../event-store/in-memory-event-store.js';
import { foldEvents } from '../decider/decider.js';
import { handleCommand } from '../decider/command-handler.js';
import {
  createInMemorySnapshotStore,
  createSnapshots,
  loadStreamState,
  type Snapshots,
} from '../decider/stream-snapshots.js';
import type { EventStore } from '../event-store/event-store.js';
import type { Plan } from '../rules/usage.js';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import { LEVELS } from '../rules/levels.js';
import { SKILLS } from '../rules/skills.js';
import { practiceDecider } from './practice-decider.js';
import { evolvePractice, evolvePracticeEvents } from './practice-evolve.js';
import type { PracticeState } from './practice-state.js';
import { practiceEventSchemaVersions, type PracticeEvent } from './practice-events.js';
import { practiceStateCodec } from './practice-snapshot.js';
import { returnsDueOf } from '../scheduler/spaced-returns.js';

const skill = fc.constantFrom(...SKILLS);
const level = fc.constantFrom(...LEVELS);
const day = fc.integer({ min: 1, max: 9 }).map((d) => `2026-03-0${d}`);
const time = fc
  .integer({ min: 0, max: 1e9 })
  .map((s) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString());

/** A few plays, and none (events from before plays had ids). */
const playId = fc.constantFrom('play-a', 'play-b', 'play-c', null);

/** Any practice event, over few lessons and days so evaluations and usage pile up on the same keys. */
const practiceEvent: fc.Arbitrary<PracticeEvent> = fc.oneof(
  fc.array(fc.record({ skill, level }), { maxLength: 3 }).map((ratings) => ({
    type: 'SkillsSelfRated' as const,
    data: { ratings },
  })),
  fc.record({ skill, from: level, to: level }).map((data) => ({ type: 'SkillLevelChanged' as const, data })),
  fc.record({ skill, from: level, to: level }).map((data) => ({ type: 'LevelRaised' as const, data })),
  fc.record({ skill, selected: fc.boolean(), level }).map((data) => ({
    type: 'SkillPreferenceChanged' as const,
    data,
  })),
  fc
    .record({
      lessonId: fc.integer({ min: 1, max: 12 }),
      focus: fc.constantFrom(...SKILLS, 'warm_up' as const),
      ratingDifficulty: fc.constantFrom(...DIFFICULTY_RATINGS),
      skipped: fc.boolean(),
      progressAfter: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
      practisedMs: fc.option(fc.nat(3_600_000), { nil: null }),
      earned: fc.boolean(),
      masteryShown: fc.boolean(),
      evaluatedAt: time,
      playId,
    })
    .map(({ progressAfter, ...data }) => ({
      type: 'LessonEvaluated' as const,
      data: {
        ...data,
        type: 'exercise' as const,
        level: null,
        ...(progressAfter === undefined ? {} : { progressAfter }),
      },
    })),
  fc
    .record({ day })
    .map(({ day }) => ({ type: 'UsageIncremented' as const, data: { usageType: 'lesson' as const, day } })),
  fc.record({ day, lessons: fc.nat(5) }).map((data) => ({ type: 'UsageReset' as const, data })),
  fc.record({ day, lessons: fc.nat(5), minutes: fc.integer({ min: 1, max: 90 }) }).map((data) => ({
    type: 'PracticeActivityRecorded' as const,
    data,
  })),
  time.map((erasedAt) => ({ type: 'PracticeHistoryErased' as const, data: { erasedAt } })),
  fc.record({ day, setAt: time, daysPerWeek: fc.integer({ min: 1, max: 7 }) }).map((data) => ({
    type: 'WeeklyGoalSet' as const,
    data,
  })),
  fc
    .record({
      day,
      scoredAt: time,
      lessonId: fc.integer({ min: 1, max: 12 }),
      accuracy: fc.integer({ min: 0, max: 100 }),
      playId,
    })
    .map(({ lessonId, ...data }) => ({
      type: 'TimingScored' as const,
      data: {
        ...data,
        lessonId,
        focus: 'timing' as const,
        input: 'midi' as const,
        bpm: 90,
        expected: 16,
        hits: 15,
        missed: 1,
        extra: 0,
        meanOffsetMs: 4,
        spreadMs: 12,
        byPosition: [],
      },
    })),
);

const history = fc.array(practiceEvent, { maxLength: 60 });
const reduceAll = (events: readonly PracticeEvent[], from: PracticeState = practiceDecider.initialState()) =>
  events.reduce(evolvePractice, from);
const viaJson = (state: PracticeState): PracticeState =>
  practiceStateCodec.decode(JSON.parse(JSON.stringify(practiceStateCodec.encode(state))));
const toAppend = (events: readonly PracticeEvent[]) =>
  events.map((event) => ({
    ...event,
    metadata: { schemaVersion: practiceEventSchemaVersions[event.type], time: '2026-03-01T00:00:00.000Z' },
  }));

describe('the practice fold that updates its own copy in place', () => {
  it('equals folding one event at a time, and leaves the state it started from unchanged', () => {
    fc.assert(
      fc.property(history, history, (first, second) => {
        const start = reduceAll(first);
        const before = viaJson(start);
        expect(evolvePracticeEvents(start, second)).toEqual(reduceAll(second, start));
        expect(start).toEqual(before);
      }),
    );
  });
});

describe('the return dates the practice state keeps', () => {
  it("are each played lesson's spaced return, as its takes and evaluation give it", () => {
    fc.assert(
      fc.property(history, (events) => {
        const state = reduceAll(events);
        expect(state.returnsDue).toEqual(returnsDueOf(state.takeHistory, state.evaluations));
        expect(evolvePracticeEvents(practiceDecider.initialState(), events).returnsDue).toEqual(
          state.returnsDue,
        );
      }),
    );
  });
});

/** A lesson counted on 5 March through `handleCommand`, with these snapshots. */
const countLesson = (store: EventStore, snapshots: Snapshots<PracticeState>, plan: Plan) =>
  handleCommand(
    store,
    'practice-a',
    practiceDecider,
    practiceEventSchemaVersions,
    {
      type: 'IncrementUsage',
      data: { usageType: 'lesson', plan, timeZone: 'UTC' },
      metadata: { now: new Date('2026-03-05T12:00:00Z') },
    },
    { snapshots },
  );

describe('practice snapshots', () => {
  it('a state saved as JSON and loaded back, then folded on, equals the full fold', () => {
    fc.assert(
      fc.property(history, fc.nat(), (events, at) => {
        const cut = events.length === 0 ? 0 : at % (events.length + 1);
        const loaded = viaJson(reduceAll(events.slice(0, cut)));
        expect(evolvePracticeEvents(loaded, events.slice(cut))).toEqual(reduceAll(events));
      }),
    );
  });

  it('through the stores: whatever the batches, restarts and snapshot interval, the loaded state is the full fold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(practiceEvent, { minLength: 1, maxLength: 8 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        async (batches, persistEvery, restarts) => {
          const store = createInMemoryEventStore();
          const snapshotStore = createInMemorySnapshotStore();
          let snapshots = createSnapshots(practiceStateCodec, snapshotStore, { persistEvery });
          const written: PracticeEvent[] = [];
          for (const [index, batch] of batches.entries()) {
            await store.appendToStream('practice-a', toAppend(batch));
            written.push(...batch);
            // A restart keeps only what the snapshot store holds.
            if (restarts[index])
              snapshots = createSnapshots(practiceStateCodec, snapshotStore, { persistEvery });
            const loaded = await loadStreamState(
              store,
              'practice-a',
              practiceDecider,
              practiceEventSchemaVersions,
              snapshots,
            );
            expect(loaded.state).toEqual(reduceAll(written));
            expect(loaded.revision).toBe(written.length - 1);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a snapshot of a stream deleted and written again is not used', async () => {
    const store = createInMemoryEventStore();
    const snapshotStore = createInMemorySnapshotStore();
    const snapshots = createSnapshots(practiceStateCodec, snapshotStore, { persistEvery: 1 });
    const evaluated = (lessonId: number): PracticeEvent => ({
      type: 'LessonEvaluated',
      data: {
        lessonId,
        playId: null,
        focus: 'timing',
        type: 'exercise',
        ratingDifficulty: 'easy',
        skipped: false,
        level: 'beginner',
        progressAfter: 40,
        practisedMs: null,
        earned: true,
        masteryShown: false,
        evaluatedAt: '2026-03-01T10:00:00.000Z',
      },
    });
    await store.appendToStream('practice-a', toAppend([evaluated(1), evaluated(2)]));
    await loadStreamState(store, 'practice-a', practiceDecider, practiceEventSchemaVersions, snapshots);
    expect(snapshotStore.size).toBe(1);
    await store.deleteStream('practice-a');
    await store.appendToStream('practice-a', toAppend([evaluated(3)]));
    const after = await loadStreamState(
      store,
      'practice-a',
      practiceDecider,
      practiceEventSchemaVersions,
      snapshots,
    );
    expect(after.state).toEqual(foldEvents(practiceDecider, [evaluated(3)]));
  });

  it('a snapshot of an older state schema is ignored: the state is folded from the log', async () => {
    const store = createInMemoryEventStore();
    const snapshotStore = createInMemorySnapshotStore();
    const rated: PracticeEvent = {
      type: 'SkillsSelfRated',
      data: { ratings: [{ skill: 'timing', level: 'pro' }] },
    };
    const [recorded] = await store.readStream('practice-a');
    expect(recorded).toBeUndefined();
    await store.appendToStream('practice-a', toAppend([rated]));
    const [first] = await store.readStream('practice-a');
    await snapshotStore.save({
      streamId: 'practice-a',
      revision: 0,
      lastEventId: first!.id,
      schemaVersion: practiceStateCodec.schemaVersion - 1,
      state: { bogus: true },
    });
    const snapshots = createSnapshots(practiceStateCodec, snapshotStore);
    const loaded = await loadStreamState(
      store,
      'practice-a',
      practiceDecider,
      practiceEventSchemaVersions,
      snapshots,
    );
    expect(loaded.state).toEqual(foldEvents(practiceDecider, [rated]));
  });

  describe("a command's own append, kept with the store's mark", () => {
    const increment = (store: EventStore, snapshots: Snapshots<PracticeState>) =>
      countLesson(store, snapshots, { tier: 'premium', status: 'active' });
    /** The store, counting its reads of streams. */
    const counting = (store: EventStore) => {
      const reads = { count: 0 };
      const counted: EventStore = {
        ...store,
        readStream: (streamId, options) => {
          reads.count++;
          return store.readStream(streamId, options);
        },
      };
      return { counted, reads };
    };
    const load = (store: EventStore, snapshots: Snapshots<PracticeState>) =>
      loadStreamState(store, 'practice-a', practiceDecider, practiceEventSchemaVersions, snapshots);
    const fullFold = async (store: EventStore) =>
      reduceAll(
        (await store.readStream('practice-a')).map(({ type, data }) => ({ type, data }) as PracticeEvent),
      );

    it('spares the next command its read while nothing else writes the stream, and persists as a load would', async () => {
      const store = createInMemoryEventStore();
      const { counted, reads } = counting(store);
      const snapshotStore = createInMemorySnapshotStore();
      const snapshots = createSnapshots(practiceStateCodec, snapshotStore, { persistEvery: 2 });
      for (let i = 0; i < 5; i++) await increment(counted, snapshots);
      expect(reads.count).toBe(1);
      const loaded = await load(counted, snapshots);
      expect(reads.count).toBe(1);
      expect(loaded).toEqual({ state: await fullFold(store), revision: 4 });
      expect((await snapshotStore.load('practice-a'))?.revision).toBe(3);
    });

    it('reads what another writer appended after it', async () => {
      const store = createInMemoryEventStore();
      const snapshots = createSnapshots(practiceStateCodec, undefined);
      await increment(store, snapshots);
      await store.appendToStream(
        'practice-a',
        toAppend([{ type: 'UsageIncremented', data: { usageType: 'lesson', day: '2026-03-06' } }]),
      );
      const loaded = await load(store, snapshots);
      expect(loaded).toEqual({ state: await fullFold(store), revision: 1 });
      expect(loaded.state.usageByDay['2026-03-06']).toBe(1);
    });

    it('keeps nothing of an append that did not commit', async () => {
      const store = createInMemoryEventStore();
      const snapshots = createSnapshots(practiceStateCodec, undefined);
      await increment(store, snapshots);
      // Its transaction ran (and heard the events), then its commit failed: nothing was written.
      const failing: EventStore = {
        ...store,
        appendToStream: async (streamId, events, options) => {
          options?.inTransaction?.(
            events.map((event, index) => ({
              ...event,
              id: `never-${index}`,
              streamId,
              data: event.data,
              revision: 1 + index,
              position: 100 + index,
            })),
          );
          throw new Error('the commit failed');
        },
      };
      await expect(increment(failing, snapshots)).rejects.toThrow('the commit failed');
      const loaded = await load(store, snapshots);
      expect(loaded).toEqual({ state: await fullFold(store), revision: 0 });
      expect(loaded.state.usageByDay['2026-03-05']).toBe(1);
    });
  });

  it('two processes with their own snapshots on one store still keep the daily limit', async () => {
    const store = createInMemoryEventStore();
    const snapshotStore = createInMemorySnapshotStore();
    const processes = [
      createSnapshots(practiceStateCodec, snapshotStore, { persistEvery: 1 }),
      createSnapshots(practiceStateCodec, snapshotStore, { persistEvery: 1 }),
    ];
    const increment = (snapshots: (typeof processes)[number]) =>
      countLesson(store, snapshots, { tier: 'freemium', status: 'freemium' }).then(
        () => 'counted',
        () => 'refused',
      );
    const outcomes = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => increment(processes[i % 2]!)));
    expect(outcomes.filter((outcome) => outcome === 'counted')).toHaveLength(3);
    const loaded = await loadStreamState(
      store,
      'practice-a',
      practiceDecider,
      practiceEventSchemaVersions,
      processes[0],
    );
    expect(loaded.state.usageByDay['2026-03-05']).toBe(3);
  });
});
