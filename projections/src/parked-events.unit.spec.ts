import { describe, expect, it, vi } from 'vitest';
import { createInMemoryEventStore, type EventStore, type RecordedEvent } from '@stickwork/domain';
import { defineProjection, customerIdOfStream, type Projection } from './projection.js';
import { createInMemoryReadModelStore, type ReadModelStore } from './read-model-store.js';
import { createProjectionRunner, type RunnerLogger } from './projection-runner.js';
import { describeFoldError, foldProjection } from './fold.js';

/**
 * DESIGN.md "Read models": an event a projection cannot fold is parked for it, and neither that
 * projection's other events nor the other projections stop.
 */
const meta = { schemaVersion: 1, time: '2026-11-21T10:00:00.000Z' };

/** Sums `data.minutes` per customer: an event whose data is null makes it throw, until `fixed`. */
const minutesProjection = (fix = { fixed: false }) =>
  defineProjection<{ minutes: number; positions: number[] }>({
    name: 'minutes',
    canHandle: ['Practised'],
    keyOf: (event) => customerIdOfStream(event.streamId),
    initialState: () => ({ minutes: 0, positions: [] }),
    evolve: (state, event: RecordedEvent) => {
      const data = event.data as { minutes: number } | null;
      const minutes = fix.fixed && data === null ? 0 : data!.minutes;
      return { minutes: state.minutes + minutes, positions: [...state.positions, event.position] };
    },
  });

/** Counts events per customer; never fails. */
const countProjection = defineProjection<{ events: number }>({
  name: 'count',
  canHandle: ['Practised'],
  keyOf: (event) => customerIdOfStream(event.streamId),
  initialState: () => ({ events: 0 }),
  evolve: (state) => ({ events: state.events + 1 }),
});

const practise = (store: EventStore, customer: string, minutes: number | null) =>
  store.appendToStream(`practice-${customer}`, [
    { type: 'Practised', data: minutes === null ? null : { minutes }, metadata: meta },
  ]);

const silentLogger = () => {
  const error = vi.fn<RunnerLogger['error']>();
  const info = vi.fn<RunnerLogger['info']>();
  return { error, info };
};

const setUp = async (fix = { fixed: false }) => {
  const store = createInMemoryEventStore();
  const readModels = createInMemoryReadModelStore();
  const logger = silentLogger();
  const projections: Projection[] = [minutesProjection(fix), countProjection] as Projection[];
  const runner = createProjectionRunner(store, readModels, projections, {
    logger,
    now: () => new Date('2026-11-21T10:05:00.000Z'),
  });
  return { store, readModels, logger, runner, fix };
};

const lastPosition = async (store: EventStore) => (await store.stats()).lastPosition;

describe('an event a projection cannot fold', () => {
  it('is parked for that projection alone, and both checkpoints move past it', async () => {
    const { store, readModels, logger, runner } = await setUp();
    await practise(store, 'a', 10);
    const bad = await practise(store, 'a', null);
    await practise(store, 'b', 20);
    await practise(store, 'a', 5);
    await runner.catchUp();

    const end = await lastPosition(store);
    expect(readModels.checkpoint('minutes')).toBe(end);
    expect(readModels.checkpoint('count')).toBe(end);
    expect(readModels.get('minutes', 'a')).toMatchObject({ minutes: 15 });
    expect(readModels.get('minutes', 'b')).toMatchObject({ minutes: 20 });
    expect(readModels.get('count', 'a')).toEqual({ events: 3 });
    expect(runner.parked()).toEqual([
      {
        projection: 'minutes',
        position: bad.position,
        streamId: 'practice-a',
        revision: 1,
        type: 'Practised',
        error: "TypeError: Cannot read properties of null (reading 'minutes')",
        parkedAt: '2026-11-21T10:05:00.000Z',
      },
    ]);
    expect((await runner.status()).map(({ name, lag, parked }) => ({ name, lag, parked }))).toEqual([
      { name: 'minutes', lag: 0, parked: 1 },
      { name: 'count', lag: 0, parked: 0 },
    ]);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      {
        projection: 'minutes',
        position: bad.position,
        type: 'Practised',
        error: "TypeError: Cannot read properties of null (reading 'minutes')",
      },
      expect.stringContaining('parked'),
    );
  });

  it('holds up neither a running runner nor a writer waiting for its own write', async () => {
    const { store, readModels, runner, logger } = await setUp();
    runner.start();
    await practise(store, 'a', null);
    for (let i = 0; i < 5; i++) {
      const { position } = await practise(store, `c${i}`, 3);
      expect(await runner.waitFor(position)).toBe(true);
      expect(readModels.get('minutes', `c${i}`)).toMatchObject({ minutes: 3 });
    }
    await runner.stop();
    expect((await runner.status()).map((status) => status.lag)).toEqual([0, 0]);
    expect(runner.parked('minutes')).toHaveLength(1);
    // Folded twice (the writer's own step and the subscription), logged once.
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('folds into the current read models on retry after a fix, in position order', async () => {
    const { store, readModels, runner, fix } = await setUp();
    await practise(store, 'a', 10);
    const first = await practise(store, 'a', null);
    const second = await practise(store, 'a', null);
    await practise(store, 'a', 5);
    await runner.catchUp();
    expect(runner.parked('minutes').map((entry) => entry.position)).toEqual([
      first.position,
      second.position,
    ]);

    const unfixed = await runner.retry('minutes');
    expect(unfixed.folded).toEqual([]);
    expect(unfixed.failed.map((entry) => entry.position)).toEqual([first.position, second.position]);
    expect(runner.parked('minutes')).toHaveLength(2);

    fix.fixed = true;
    const retried = await runner.retry('minutes');
    expect(retried.folded.map((entry) => entry.position)).toEqual([first.position, second.position]);
    expect(runner.parked()).toEqual([]);
    // After the events that followed them: the order caveat of a retry.
    expect(readModels.get('minutes', 'a')).toMatchObject({
      minutes: 15,
      positions: [expect.any(Number), expect.any(Number), first.position, second.position],
    });
  });

  it('is dropped on retry when its stream is gone from the log (an erasure)', async () => {
    const { store, runner } = await setUp();
    await practise(store, 'a', null);
    await practise(store, 'b', 1);
    await runner.catchUp();
    await store.deleteStream('practice-a');
    const retried = await runner.retry('minutes');
    expect(retried.gone.map((entry) => entry.streamId)).toEqual(['practice-a']);
    expect(runner.parked()).toEqual([]);
  });

  it('stays parked through a rebuild that cannot fold it either, and a rebuild after a fix folds it', async () => {
    const { store, readModels, runner, fix } = await setUp();
    await practise(store, 'a', 10);
    const bad = await practise(store, 'a', null);
    await runner.catchUp();
    await runner.rebuild('minutes');
    expect(runner.parked().map(({ projection, position }) => ({ projection, position }))).toEqual([
      { projection: 'minutes', position: bad.position },
    ]);
    expect(readModels.names().filter((name) => name.includes('__shadow_'))).toEqual([]);

    fix.fixed = true;
    await runner.rebuild('minutes');
    expect(runner.parked()).toEqual([]);
    expect(readModels.get('minutes', 'a')).toMatchObject({ positions: [expect.any(Number), bad.position] });
  });

  it('lets the other projections commit when the store fails for one of them', async () => {
    const { store, readModels: inner } = await setUp();
    let failing = true;
    const readModels: ReadModelStore = {
      ...inner,
      put: (projection, key, state) => {
        if (failing && projection === 'minutes') throw new Error('SQLITE_FULL: database or disk is full');
        inner.put(projection, key, state);
      },
    };
    const runner = createProjectionRunner(store, readModels, [
      minutesProjection(),
      countProjection,
    ] as Projection[]);
    await practise(store, 'a', 10);
    await expect(runner.catchUp()).rejects.toThrow('SQLITE_FULL');
    expect(readModels.checkpoint('count')).toBe(await lastPosition(store));
    expect(readModels.checkpoint('minutes')).toBeNull();
    expect(runner.parked()).toEqual([]);
    failing = false;
    await runner.catchUp();
    expect(readModels.get('minutes', 'a')).toMatchObject({ minutes: 10 });
  });

  it('a store failing under a running runner is logged once, not at every retry, and its end is logged', async () => {
    const { store, readModels: inner, logger } = await setUp();
    let failing = true;
    let attempts = 0;
    const readModels: ReadModelStore = {
      ...inner,
      setCheckpoints: (projections, position) => {
        attempts += 1;
        if (failing) throw new Error('SQLITE_IOERR: disk I/O error');
        inner.setCheckpoints(projections, position);
      },
    };
    const runner = createProjectionRunner(store, readModels, [countProjection] as Projection[], { logger });
    await practise(store, 'a', 1);
    runner.start();
    await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      { error: 'Error: SQLITE_IOERR: disk I/O error' },
      expect.stringContaining('failed'),
    );
    failing = false;
    await vi.waitFor(() => expect(inner.get('count', 'a')).toEqual({ events: 1 }), { timeout: 10_000 });
    await practise(store, 'b', 1);
    await vi.waitFor(() =>
      expect(logger.info).toHaveBeenCalledWith(expect.anything(), 'projection runner resumed'),
    );
    await runner.stop();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('is skipped and reported by a fold without a store (verify, replay)', async () => {
    const store = createInMemoryEventStore();
    await practise(store, 'a', 10);
    const bad = await practise(store, 'a', null);
    const failures: number[] = [];
    const models = foldProjection(minutesProjection(), await store.readAll(), (event) =>
      failures.push(event.position),
    );
    expect(models.get('a')).toMatchObject({ minutes: 10 });
    expect(failures).toEqual([bad.position]);
  });

  it('keeps no event data in the error it records', () => {
    const patternError = new Error(
      'Pattern matching error: no pattern matches value {"email":"ada@example.com"}\nmore',
    );
    expect(describeFoldError(patternError)).toBe(
      'Error: Pattern matching error: no pattern matches value (not shown)',
    );
    expect(describeFoldError(new RangeError('x'.repeat(1000)))).toHaveLength(300);
  });
});
