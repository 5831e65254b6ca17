import { describe, expect, it, vi } from 'vitest';
import { createInMemoryEventStore, type EventStore, type RecordedEvent } from '@stickwork/domain';
import { defineProjection, customerIdOfStream } from './projection.js';
import { createInMemoryReadModelStore } from './read-model-store.js';
import {
  createProjectionRunner,
  projectionLag,
  shadowName,
  type ProjectionRunner,
} from './projection-runner.js';
import { foldProjection } from './fold.js';

/** Counts lessons per customer and forgets a customer on erasure. */
const lessonCount = defineProjection<{ lessons: number; positions: number[] }>({
  name: 'lesson_count',
  canHandle: ['LessonEvaluated', 'PracticeHistoryErased'],
  keyOf: (event) => customerIdOfStream(event.streamId),
  initialState: () => ({ lessons: 0, positions: [] }),
  evolve: (state, event: RecordedEvent) =>
    event.type === 'PracticeHistoryErased'
      ? null
      : { lessons: state.lessons + 1, positions: [...state.positions, event.position] },
});

const meta = { schemaVersion: 1, time: '2026-11-21T10:00:00.000Z' };
const evaluate = (store: EventStore, customer: string, times = 1) =>
  store.appendToStream(
    `practice-${customer}`,
    Array.from({ length: times }, () => ({ type: 'LessonEvaluated', data: {}, metadata: meta })),
  );

describe('the projection runner', () => {
  it('catches up with the log and keeps read models per customer', async () => {
    const store = createInMemoryEventStore();
    await evaluate(store, 'a', 3);
    await evaluate(store, 'b', 2);
    await store.appendToStream('customer-a', [{ type: 'CustomerRegistered', data: {}, metadata: meta }]);
    const readModels = createInMemoryReadModelStore();
    await createProjectionRunner(store, readModels, [lessonCount]).catchUp();
    expect(readModels.get('lesson_count', 'a')).toMatchObject({ lessons: 3 });
    expect(readModels.get('lesson_count', 'b')).toMatchObject({ lessons: 2 });
    expect(readModels.checkpoint('lesson_count')).toBe((await store.stats()).lastPosition);
  });

  it('lets a writer wait until its write is visible (read-your-writes)', async () => {
    const store = createInMemoryEventStore();
    const readModels = createInMemoryReadModelStore();
    const runner = createProjectionRunner(store, readModels, [lessonCount]);
    runner.start();
    const { position } = await evaluate(store, 'a');
    expect(await runner.waitFor(position)).toBe(true);
    expect(readModels.get('lesson_count', 'a')).toMatchObject({ lessons: 1 });
    await runner.stop();
  });

  describe('one write, one transaction (foldAppended)', () => {
    const evaluateFolding = (store: EventStore, runner: ProjectionRunner, customer: string) =>
      store.appendToStream(`practice-${customer}`, [{ type: 'LessonEvaluated', data: {}, metadata: meta }], {
        inTransaction: (recorded) => runner.foldAppended(recorded),
      });

    it("folds a command's own events inside its append when every read model is current", async () => {
      const store = createInMemoryEventStore();
      const readModels = createInMemoryReadModelStore();
      const runner = createProjectionRunner(store, readModels, [lessonCount]);
      await evaluate(store, 'a', 2);
      await runner.catchUp();
      const { position } = await evaluateFolding(store, runner, 'a');
      // Folded with the append itself: no runner step, no wait.
      expect(readModels.checkpoint('lesson_count')).toBe(position);
      expect(readModels.get('lesson_count', 'a')).toEqual({ lessons: 3, positions: [1, 2, 3] });
      // The runner, reading the log afterwards, does not fold it twice.
      await runner.catchUp();
      expect(readModels.get('lesson_count', 'a')).toMatchObject({ lessons: 3 });
    });

    it('leaves the events to the runner when a read model is behind, which then folds them in order', async () => {
      const store = createInMemoryEventStore();
      const readModels = createInMemoryReadModelStore();
      const runner = createProjectionRunner(store, readModels, [lessonCount]);
      await evaluate(store, 'a');
      await runner.catchUp();
      await evaluate(store, 'b'); // not folded yet
      const { position } = await evaluateFolding(store, runner, 'a');
      expect(readModels.checkpoint('lesson_count')).toBe(1);
      expect(readModels.get('lesson_count', 'a')).toEqual({ lessons: 1, positions: [1] });
      expect(await runner.waitFor(position)).toBe(true);
      expect(readModels.get('lesson_count', 'a')).toEqual({ lessons: 2, positions: [1, 3] });
      expect(readModels.get('lesson_count', 'b')).toEqual({ lessons: 1, positions: [2] });
    });

    it('parks an event a projection cannot fold, inside the append, and the append stands', async () => {
      const store = createInMemoryEventStore();
      const readModels = createInMemoryReadModelStore();
      const fussy = defineProjection<{ n: number }>({
        name: 'fussy',
        canHandle: ['LessonEvaluated'],
        keyOf: (event) => {
          if (event.streamId === 'practice-bad') throw new Error('cannot key this one');
          return customerIdOfStream(event.streamId);
        },
        initialState: () => ({ n: 0 }),
        evolve: (state) => ({ n: state.n + 1 }),
      });
      const runner = createProjectionRunner(store, readModels, [lessonCount, fussy]);
      const { position } = await evaluateFolding(store, runner, 'bad');
      expect((await store.readStream('practice-bad')).length).toBe(1);
      expect(readModels.checkpoints()).toEqual(
        new Map([
          ['lesson_count', position],
          ['fussy', position],
        ]),
      );
      expect(readModels.get('lesson_count', 'bad')).toMatchObject({ lessons: 1 });
      expect(runner.parked('fussy')).toMatchObject([{ position, streamId: 'practice-bad' }]);
    });

    it('lets the append stand when the store refuses the fold, and the runner folds it later', async () => {
      const store = createInMemoryEventStore();
      const readModels = createInMemoryReadModelStore();
      const runner = createProjectionRunner(store, readModels, [lessonCount]);
      const put = vi.spyOn(readModels, 'put').mockImplementationOnce(() => {
        throw new Error('SQLITE_FULL: database or disk is full');
      });
      const { position } = await evaluateFolding(store, runner, 'a');
      expect((await store.readStream('practice-a')).length).toBe(1);
      expect(readModels.checkpoint('lesson_count')).toBeNull();
      put.mockRestore();
      expect(await runner.waitFor(position)).toBe(true);
      expect(readModels.get('lesson_count', 'a')).toEqual({ lessons: 1, positions: [1] });
    });
  });

  it('deletes a read model when the projection says so', async () => {
    const store = createInMemoryEventStore();
    await evaluate(store, 'a', 2);
    await store.appendToStream('practice-a', [{ type: 'PracticeHistoryErased', data: {}, metadata: meta }]);
    const readModels = createInMemoryReadModelStore();
    await createProjectionRunner(store, readModels, [lessonCount]).catchUp();
    expect(readModels.get('lesson_count', 'a')).toBeUndefined();
  });

  it('rebuilds to exactly the live read models', async () => {
    const store = createInMemoryEventStore();
    for (let i = 0; i < 30; i++) await evaluate(store, `c${i % 7}`, 1 + (i % 3));
    const live = createInMemoryReadModelStore();
    await createProjectionRunner(store, live, [lessonCount]).catchUp();
    const before = live.list('lesson_count');

    const progress: number[] = [];
    const result = await createProjectionRunner(store, live, [lessonCount]).rebuild('lesson_count', (p) =>
      progress.push(p.events),
    );
    expect(result.events).toBe((await store.stats()).events);
    expect(progress.at(-1)).toBe(result.events);
    expect(live.list('lesson_count')).toEqual(before);
    expect(new Map(before.map(({ key, state }) => [key, state]))).toEqual(
      foldProjection(lessonCount, await store.readAll()),
    );
  });

  it('builds a renamed projection (a new key layout) from the log on start and drops its former rows', async () => {
    const store = createInMemoryEventStore();
    await evaluate(store, 'a', 2);
    const readModels = createInMemoryReadModelStore();
    await createProjectionRunner(store, readModels, [lessonCount]).catchUp();
    expect(readModels.list('lesson_count')).toHaveLength(1);

    const renamed = { ...lessonCount, name: 'lesson_count_v2', formerNames: ['lesson_count'] };
    const runner = createProjectionRunner(store, readModels, [renamed]);
    runner.start();
    await vi.waitFor(() => expect(readModels.list('lesson_count')).toEqual([]), { timeout: 5000 });
    await runner.stop();
    expect(readModels.get('lesson_count_v2', 'a')).toMatchObject({ lessons: 2 });
    expect(readModels.checkpoint('lesson_count')).toBeNull();
  });

  it('loses and repeats nothing when a rebuild runs beside a live runner on the same read models', async () => {
    const store = createInMemoryEventStore();
    const readModels = createInMemoryReadModelStore();
    const live = createProjectionRunner(store, readModels, [lessonCount]);
    live.start();
    const writes = (async () => {
      for (let i = 0; i < 200; i++) await evaluate(store, `c${i % 5}`);
    })();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createProjectionRunner(store, readModels, [lessonCount]).rebuild('lesson_count');
    await writes;
    expect(await live.waitFor((await store.stats()).lastPosition!)).toBe(true);
    await live.stop();
    const expected = foldProjection(lessonCount, await store.readAll());
    expect(new Map(readModels.list('lesson_count').map(({ key, state }) => [key, state]))).toEqual(expected);
  });

  /** The store with each global read answered on a later turn of the event loop, as a database's would be. */
  const slowReads = (store: EventStore): EventStore => ({
    ...store,
    readAll: async (options) => {
      await new Promise((resolve) => setImmediate(resolve));
      return store.readAll(options);
    },
  });

  it('never shows a reader an empty or half-built model while it rebuilds (shadow swap)', async () => {
    const store = createInMemoryEventStore();
    for (let i = 0; i < 60; i++) await evaluate(store, `c${i % 13}`, 20);
    const readModels = createInMemoryReadModelStore();
    await createProjectionRunner(store, readModels, [lessonCount]).catchUp();
    const before = readModels.list('lesson_count');
    const checkpoint = readModels.checkpoint('lesson_count');

    const seen: string[] = [];
    let rebuilding = true;
    const reader = (async () => {
      while (rebuilding) {
        seen.push(JSON.stringify([readModels.list('lesson_count'), readModels.checkpoint('lesson_count')]));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const result = await createProjectionRunner(slowReads(store), readModels, [lessonCount]).rebuild(
      'lesson_count',
    );
    rebuilding = false;
    await reader;

    expect(result.events).toBe(1200);
    expect(seen.length).toBeGreaterThan(2);
    const whole = JSON.stringify([before, checkpoint]);
    for (const view of seen) expect(view).toBe(whole);
    expect(readModels.list('lesson_count')).toEqual(before);
  });

  it('counts only the events it folded itself while a live runner follows new writes', async () => {
    const store = createInMemoryEventStore();
    for (let i = 0; i < 40; i++) await evaluate(store, `c${i % 5}`, 25);
    const readModels = createInMemoryReadModelStore();
    const live = createProjectionRunner(store, readModels, [lessonCount]);
    live.start();
    expect(await live.waitFor((await store.stats()).lastPosition!)).toBe(true);
    const writes = (async () => {
      for (let i = 0; i < 100; i++) {
        await evaluate(store, `w${i % 3}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const result = await createProjectionRunner(slowReads(store), readModels, [lessonCount]).rebuild(
      'lesson_count',
    );
    await writes;
    const log = await store.readAll();
    expect(result.events).toBe(log.filter((event) => event.position <= result.position).length);
    expect(await live.waitFor(log.at(-1)!.position)).toBe(true);
    await live.stop();
    expect(new Map(readModels.list('lesson_count').map(({ key, state }) => [key, state]))).toEqual(
      foldProjection(lessonCount, log),
    );
  });

  it('follows the store through its subscription instead of polling the log', async () => {
    const inner = createInMemoryEventStore();
    const store = { ...inner, readAll: vi.fn(inner.readAll), subscribeToAll: vi.fn(inner.subscribeToAll) };
    const readModels = createInMemoryReadModelStore();
    const runner = createProjectionRunner(store, readModels, [lessonCount]);
    runner.start();
    await evaluate(inner, 'a', 3);
    await vi.waitFor(() => expect(readModels.get('lesson_count', 'a')).toMatchObject({ lessons: 3 }));
    const reads = store.readAll.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    await evaluate(inner, 'a', 2);
    await vi.waitFor(() => expect(readModels.get('lesson_count', 'a')).toMatchObject({ lessons: 5 }));
    // Idle and live, it neither polls nor re-reads the log: new events arrive through the subscription.
    expect(store.readAll.mock.calls.length).toBe(reads);
    expect(store.subscribeToAll).toHaveBeenCalledTimes(1);
    await runner.stop();
  });

  it('builds a projection it has never folded aside and swaps it in whole when it starts', async () => {
    const store = createInMemoryEventStore();
    for (let i = 0; i < 40; i++) await evaluate(store, `c${i % 9}`, 25);
    const readModels = createInMemoryReadModelStore();
    const slow = slowReads(store);
    const seen = new Set<number>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        seen.add(readModels.list('lesson_count').length);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const runner = createProjectionRunner(slow, readModels, [lessonCount]);
    runner.start();
    expect(await runner.waitFor((await store.stats()).lastPosition!, 20_000)).toBe(true);
    watching = false;
    await watcher;
    await runner.stop();
    expect([...seen].filter((count) => count !== 0 && count !== 9)).toEqual([]);
    expect(readModels.list('lesson_count')).toHaveLength(9);
  });

  it('subscribes again from the checkpoint another process moved back', async () => {
    const store = createInMemoryEventStore();
    const readModels = createInMemoryReadModelStore();
    const runner = createProjectionRunner(store, readModels, [lessonCount]);
    runner.start();
    await evaluate(store, 'a', 4);
    await vi.waitFor(() => expect(readModels.get('lesson_count', 'a')).toMatchObject({ lessons: 4 }));
    readModels.transaction(() => readModels.reset('lesson_count'));
    await evaluate(store, 'a');
    await vi.waitFor(() => expect(readModels.get('lesson_count', 'a')).toMatchObject({ lessons: 5 }));
    await runner.stop();
  });

  it('drops the shadow of a rebuild whose process died, and keeps those of running ones', async () => {
    const store = createInMemoryEventStore();
    await evaluate(store, 'a', 2);
    const readModels = createInMemoryReadModelStore();
    const dead = shadowName('lesson_count', 2 ** 22 + 12_345); // beyond any pid this host hands out
    const mine = shadowName('lesson_count');
    readModels.transaction(() => {
      readModels.put(dead, 'a', { lessons: 1, positions: [1] });
      readModels.setCheckpoints([dead], 1);
      readModels.put(mine, 'a', { lessons: 1, positions: [1] });
    });
    await createProjectionRunner(store, readModels, [lessonCount]).rebuild('lesson_count');
    expect(readModels.names()).not.toContain(dead);
    expect(readModels.names()).toContain(mine);
    expect(readModels.names()).toContain('lesson_count');
  });

  it('reports checkpoints and lag from the last position, reading no events', async () => {
    const store = createInMemoryEventStore();
    await evaluate(store, 'a', 4);
    const last = (await store.stats()).lastPosition;
    const readModels = createInMemoryReadModelStore();
    let reads = 0;
    const counted: EventStore = {
      ...store,
      readAll: (options) => {
        reads += 1;
        return store.readAll(options);
      },
    };
    const runner = createProjectionRunner(counted, readModels, [lessonCount]);
    expect(await runner.status()).toEqual([
      { name: 'lesson_count', checkpoint: null, lastPosition: last, behind: true, lag: 4, parked: 0 },
    ]);
    expect(reads).toBe(0);
    await runner.catchUp();
    expect(await runner.status()).toEqual([
      { name: 'lesson_count', checkpoint: last, lastPosition: last, behind: false, lag: 0, parked: 0 },
    ]);
  });

  it('counts lag in events only where positions number them', () => {
    expect(projectionLag('sqlite', 7, 10)).toEqual({ behind: true, lag: 3 });
    expect(projectionLag('memory', null, 10)).toEqual({ behind: true, lag: 10 });
    expect(projectionLag('sqlite', 10, 10)).toEqual({ behind: false, lag: 0 });
    // The last stream deleted: the log ends before the checkpoint.
    expect(projectionLag('sqlite', 10, 8)).toEqual({ behind: false, lag: 0 });
    expect(projectionLag('sqlite', null, null)).toEqual({ behind: false, lag: 0 });
    // EventStoreDB positions are byte offsets in its log: behind, by an unknown count.
    expect(projectionLag('eventstoredb', 1_200, 9_600)).toEqual({ behind: true, lag: null });
    expect(projectionLag('eventstoredb', 9_600, 9_600)).toEqual({ behind: false, lag: 0 });
  });
});
