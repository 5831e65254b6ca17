import { describe, expect, it } from 'vitest';
import { createInMemoryEventStore, type EventStore, type RecordedEvent } from '@stickwork/domain';
import { defineProjection, customerIdOfStream } from './projection.js';
import { createInMemoryReadModelStore } from './read-model-store.js';
import { createProjectionRunner } from './projection-runner.js';
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

  it('reports checkpoints and lag', async () => {
    const store = createInMemoryEventStore();
    await evaluate(store, 'a', 4);
    const readModels = createInMemoryReadModelStore();
    const runner = createProjectionRunner(store, readModels, [lessonCount]);
    expect(await runner.status()).toEqual([{ name: 'lesson_count', checkpoint: null, lag: 4 }]);
    await runner.catchUp();
    expect(await runner.status()).toEqual([
      { name: 'lesson_count', checkpoint: (await store.stats()).lastPosition, lag: 0 },
    ]);
  });
});
