import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isStreamTombstoned,
  isWrongExpectedRevision,
  StreamTombstonedError,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from '../event-store/event-store.js';
import {
  createInMemorySnapshotStore,
  createSnapshots,
  loadStreamState,
} from '../decider/stream-snapshots.js';

export interface EventStoreUnderTest {
  store: EventStore;
  /** Runs after the store is closed (remove temp files, ...). */
  cleanup?: () => Promise<void>;
  /** Opens the same data again after `store.close()`: adapters that persist prove nothing is lost. */
  reopen?: () => Promise<EventStore>;
  /**
   * How many writers race for the 1,000 conflicting appends (default: 1,000, one per append).
   * Every conflict costs a networked store two round trips, so 1,000 contenders need some 10^5
   * of them; a store over the network runs the same 1,000 appends with fewer writers.
   */
  concurrentWriters?: number;
  /** Calls `AppendOptions.inTransaction` inside the append's transaction (SQLite, in memory). */
  sharesItsTransaction?: boolean;
}

const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  schemaVersion: 1,
  time: '2025-03-01T09:30:00.000Z',
  ...overrides,
});

const anEvent = (type: string, data: unknown = {}, id?: string): EventToAppend => ({
  type,
  data,
  metadata: metadata(),
  ...(id === undefined ? {} : { id }),
});

/** Unique per test, so suites that share one server never see each other's streams. */
const uniqueStream = (category: string) => `${category}-${crypto.randomUUID()}`;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const expectWrongRevision = async (
  append: Promise<unknown>,
  expected: { streamId: string; expected: ExpectedRevision; actual: number | 'no_stream' },
) => {
  const error: unknown = await append.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(isWrongExpectedRevision(error)).toBe(true);
  const { streamId, expected: expectedRevision, actual } = error as WrongExpectedRevisionError;
  expect({ streamId, expected: expectedRevision, actual }).toEqual(expected);
};

/** Lets a test wait until a consumer running beside it has seen enough, or has failed. */
const createProgress = () => {
  let waiters: Array<{ check: () => boolean; resolve: () => void; reject: (error: unknown) => void }> = [];
  let failure: { error: unknown } | undefined;
  return {
    notify() {
      waiters = waiters.filter((waiter) => {
        if (!waiter.check()) return true;
        waiter.resolve();
        return false;
      });
    },
    fail(error: unknown) {
      failure = { error };
      for (const waiter of waiters) waiter.reject(error);
      waiters = [];
    },
    until(check: () => boolean) {
      if (failure) return Promise.reject(failure.error);
      if (check()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => waiters.push({ check, resolve, reject }));
    },
  };
};

const ids = (events: readonly RecordedEvent[]) => events.map((event) => event.id);

const expectStrictlyIncreasing = (positions: readonly number[]) => {
  positions.slice(1).forEach((position, index) => expect(position).toBeGreaterThan(positions[index]!));
};

/**
 * The one contract every event-store adapter passes (DESIGN.md "Event store").
 * `factory` runs before each test; the store is closed after it, then `cleanup` runs.
 */
export const describeEventStoreContract = (
  name: string,
  factory: () => Promise<EventStoreUnderTest>,
): void => {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let underTest: EventStoreUnderTest;

    beforeEach(async () => {
      underTest = await factory();
      store = underTest.store;
    });

    afterEach(async () => {
      await store.close();
      await underTest.cleanup?.();
    });

    it('gives a stream mark, where it gives one, that moves with every write to the stream, not with a read', async (context) => {
      const markOf = store.streamMark?.bind(store);
      if (!markOf) return context.skip();
      const streamId = uniqueStream('marked');
      const marks = [markOf(streamId)];
      await store.appendToStream(streamId, [anEvent('A')]);
      marks.push(markOf(streamId));
      await store.readStream(streamId);
      await store.readAll();
      marks.push(markOf(streamId));
      await store.deleteStream(streamId);
      marks.push(markOf(streamId));
      await store.tombstoneStream(streamId);
      marks.push(markOf(streamId));
      expect(new Set([marks[0], marks[1], marks[3], marks[4]]).size).toBe(4);
      expect(marks[2]).toBe(marks[1]);
    });

    describe('appending with an expected revision', () => {
      it('numbers a stream from revision 0 and answers the last revision and its position', async () => {
        const streamId = uniqueStream('numbered');
        const first = await store.appendToStream(streamId, [anEvent('A'), anEvent('B')]);
        const second = await store.appendToStream(streamId, [anEvent('C')]);

        const events = await store.readStream(streamId);
        expect(events.map((event) => [event.revision, event.type])).toEqual([
          [0, 'A'],
          [1, 'B'],
          [2, 'C'],
        ]);
        expect(first).toEqual({ nextExpectedRevision: 1, position: events[1]!.position });
        expect(second).toEqual({ nextExpectedRevision: 2, position: events[2]!.position });
      });

      it('"no_stream" creates a stream and refuses one that exists', async () => {
        const streamId = uniqueStream('email');
        await store.appendToStream(streamId, [anEvent('EmailReserved')], { expectedRevision: 'no_stream' });

        await expectWrongRevision(
          store.appendToStream(streamId, [anEvent('EmailReserved')], { expectedRevision: 'no_stream' }),
          { streamId, expected: 'no_stream', actual: 0 },
        );
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it('"any" appends whether or not the stream exists', async () => {
        const streamId = uniqueStream('any');
        await store.appendToStream(streamId, [anEvent('A')], { expectedRevision: 'any' });
        const result = await store.appendToStream(streamId, [anEvent('B')], { expectedRevision: 'any' });

        expect(result.nextExpectedRevision).toBe(1);
        expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['A', 'B']);
      });

      it('"stream_exists" refuses a missing stream and appends to an existing one', async () => {
        const streamId = uniqueStream('exists');
        await expectWrongRevision(
          store.appendToStream(streamId, [anEvent('A')], { expectedRevision: 'stream_exists' }),
          { streamId, expected: 'stream_exists', actual: 'no_stream' },
        );
        expect(await store.readStream(streamId)).toEqual([]);

        await store.appendToStream(streamId, [anEvent('A')], { expectedRevision: 'no_stream' });
        const result = await store.appendToStream(streamId, [anEvent('B')], {
          expectedRevision: 'stream_exists',
        });
        expect(result.nextExpectedRevision).toBe(1);
      });

      it('an exact revision appends only when it is the current one, and a conflict writes nothing', async () => {
        const streamId = uniqueStream('exact');
        await expectWrongRevision(store.appendToStream(streamId, [anEvent('A')], { expectedRevision: 0 }), {
          streamId,
          expected: 0,
          actual: 'no_stream',
        });

        const created = await store.appendToStream(streamId, [anEvent('A'), anEvent('B')], {
          expectedRevision: 'no_stream',
        });
        const next = await store.appendToStream(streamId, [anEvent('C')], {
          expectedRevision: created.nextExpectedRevision,
        });
        expect(next.nextExpectedRevision).toBe(2);

        await expectWrongRevision(
          store.appendToStream(streamId, [anEvent('Stale'), anEvent('Stale')], { expectedRevision: 1 }),
          { streamId, expected: 1, actual: 2 },
        );
        await expectWrongRevision(
          store.appendToStream(streamId, [anEvent('Ahead')], { expectedRevision: 5 }),
          {
            streamId,
            expected: 5,
            actual: 2,
          },
        );
        expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['A', 'B', 'C']);
      });
    });

    describe('reading a stream', () => {
      it('reads forwards from a revision, at most maxCount events', async () => {
        const streamId = uniqueStream('practice');
        await store.appendToStream(
          streamId,
          Array.from({ length: 6 }, (_, n) => anEvent('LessonEvaluated', { n })),
        );

        const all = await store.readStream(streamId);
        expect(all.map((event) => event.data)).toEqual([0, 1, 2, 3, 4, 5].map((n) => ({ n })));
        expect(all.every((event) => event.streamId === streamId)).toBe(true);

        const fromTwo = await store.readStream(streamId, { fromRevision: 2 });
        expect(fromTwo.map((event) => event.revision)).toEqual([2, 3, 4, 5]);
        const window = await store.readStream(streamId, { fromRevision: 1, maxCount: 3 });
        expect(window.map((event) => event.revision)).toEqual([1, 2, 3]);
        expect(await store.readStream(streamId, { fromRevision: 6 })).toEqual([]);
      });

      it('reads a missing stream as empty', async () => {
        expect(await store.readStream(uniqueStream('missing'))).toEqual([]);
      });
    });

    describe('reading the global log', () => {
      it('reads the events after a position in order, at most maxCount', async () => {
        const first = uniqueStream('first');
        const second = uniqueStream('second');
        const marker = await store.appendToStream(uniqueStream('marker'), [anEvent('Marker')]);
        await store.appendToStream(first, [anEvent('A', { n: 0 }), anEvent('A', { n: 1 })]);
        await store.appendToStream(second, [anEvent('B', { n: 2 })]);
        const last = await store.appendToStream(first, [anEvent('A', { n: 3 })]);

        const after = await store.readAll({ after: marker.position });
        const ours = after.filter((event) => event.streamId === first || event.streamId === second);
        expect(ours.map((event) => [event.streamId, event.data])).toEqual([
          [first, { n: 0 }],
          [first, { n: 1 }],
          [second, { n: 2 }],
          [first, { n: 3 }],
        ]);
        expect(after.every((event) => event.position > marker.position)).toBe(true);
        expectStrictlyIncreasing(after.map((event) => event.position));
        expect(ours.at(-1)!.position).toBe(last.position);

        const page = await store.readAll({ after: marker.position, maxCount: 2 });
        expect(ids(page)).toEqual(ids(after.slice(0, 2)));
        const nextPage = await store.readAll({ after: page[1]!.position, maxCount: 2 });
        expect(ids(nextPage)).toEqual(ids(after.slice(2, 4)));
      });
    });

    describe('the last position', () => {
      it('is the position of the last event a read returns, and moves back when its stream is deleted', async () => {
        const kept = await store.appendToStream(uniqueStream('practice'), [anEvent('A'), anEvent('B')]);
        expect(await store.lastPosition()).toBe(kept.position);
        const erased = uniqueStream('customer');
        const last = await store.appendToStream(erased, [anEvent('CustomerRegistered')]);
        expect(await store.lastPosition()).toBe(last.position);
        const [lastRead] = (await store.readAll({ after: kept.position })).slice(-1);
        expect(lastRead?.position).toBe(last.position);

        await store.deleteStream(erased);
        // A checkpoint never reaches a deleted event: the lag must not count it.
        expect(await store.lastPosition()).toBe(kept.position);
      });
    });

    describe('subscribing to the global log', () => {
      it('catches up from a position, then stays live, missing and repeating nothing', async () => {
        const before = uniqueStream('before');
        const catchingUp = uniqueStream('catchup');
        const whileCatchingUp = uniqueStream('during');
        const live = uniqueStream('live');
        const ours = new Set([before, catchingUp, whileCatchingUp, live]);

        await store.appendToStream(before, [anEvent('Before'), anEvent('Before')]);
        const { position: from } = await store.appendToStream(before, [anEvent('Before')]);
        for (let batch = 0; batch < 5; batch++) {
          await store.appendToStream(
            catchingUp,
            Array.from({ length: 10 }, (_, n) => anEvent('CatchUp', { n: batch * 10 + n })),
          );
        }

        const received: RecordedEvent[] = [];
        const count = (streamId: string) => received.filter((event) => event.streamId === streamId).length;
        const progress = createProgress();
        const subscription = store.subscribeToAll({ after: from });
        let appendedWhileCatchingUp = 0;
        const consuming = (async () => {
          for await (const event of subscription) {
            received.push(event);
            // Write while the subscription still has stored events to catch up on.
            if (event.streamId === catchingUp && appendedWhileCatchingUp < 5) {
              appendedWhileCatchingUp += 1;
              await store.appendToStream(whileCatchingUp, [
                anEvent('During', { n: appendedWhileCatchingUp }),
              ]);
            }
            progress.notify();
          }
        })().catch((error: unknown) => progress.fail(error));

        await progress.until(() => count(catchingUp) >= 50 && count(whileCatchingUp) >= 5);
        for (let batch = 0; batch < 3; batch++) {
          await store.appendToStream(live, [
            anEvent('Live', { n: batch * 2 }),
            anEvent('Live', { n: batch * 2 + 1 }),
          ]);
        }
        await progress.until(() => count(live) >= 6);
        await subscription.unsubscribe();
        await consuming;

        const stored = (await store.readAll({ after: from })).filter((event) => ours.has(event.streamId));
        expect(stored).toHaveLength(50 + 5 + 6);
        expect(ids(received.filter((event) => ours.has(event.streamId)))).toEqual(ids(stored));
        expect(count(before)).toBe(0);
        expect(received.every((event) => event.position > from)).toBe(true);
        expectStrictlyIncreasing(received.map((event) => event.position));
        expect(new Set(ids(received)).size).toBe(received.length);
      });

      it('ends a waiting iteration on unsubscribe and delivers nothing after it', async () => {
        const { position } = await store.appendToStream(uniqueStream('marker'), [anEvent('Marker')]);
        const subscription = store.subscribeToAll({ after: position });
        const received: RecordedEvent[] = [];
        const consuming = (async () => {
          for await (const event of subscription) received.push(event);
        })();
        await pause(20);
        await subscription.unsubscribe();
        await consuming;
        await store.appendToStream(uniqueStream('later'), [anEvent('Later')]);

        expect(received).toEqual([]);
      });
    });

    describe('deleting a stream', () => {
      it('removes its events from every read and from the stats', async () => {
        const erased = uniqueStream('customer');
        const kept = uniqueStream('practice');
        const { position: from } = await store.appendToStream(uniqueStream('marker'), [anEvent('Marker')]);
        await store.appendToStream(erased, [
          anEvent('CustomerRegistered', { email: 'erase-me@example.com' }),
        ]);
        await store.appendToStream(kept, [anEvent('SkillsSelfRated')]);
        await store.appendToStream(erased, [anEvent('CustomerVerified')]);
        const lastKept = await store.appendToStream(kept, [anEvent('LessonEvaluated')]);
        const before = await store.stats();

        await store.deleteStream(erased);

        expect(await store.readStream(erased)).toEqual([]);
        const all = await store.readAll({ after: from });
        expect(all.some((event) => event.streamId === erased)).toBe(false);
        expect(all.filter((event) => event.streamId === kept)).toHaveLength(2);

        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({ after: from });
        for await (const event of subscription) {
          received.push(event);
          if (event.position >= lastKept.position) break;
        }
        await subscription.unsubscribe();
        expect(received.some((event) => event.streamId === erased)).toBe(false);
        expect(received.filter((event) => event.streamId === kept)).toHaveLength(2);

        const after = await store.stats();
        expect(after).toEqual({
          streams: before.streams - 1,
          events: before.events - 2,
          lastPosition: before.lastPosition,
        });
      });

      it('treats deleting a missing stream as done', async () => {
        await expect(store.deleteStream(uniqueStream('missing'))).resolves.toBeUndefined();
      });

      it('lets a deleted stream start again with "no_stream" (an erased email can register again)', async () => {
        const streamId = uniqueStream('email');
        await store.appendToStream(streamId, [anEvent('EmailReserved', { owner: 'old' })], {
          expectedRevision: 'no_stream',
        });
        await store.deleteStream(streamId);

        const result = await store.appendToStream(streamId, [anEvent('EmailReserved', { owner: 'new' })], {
          expectedRevision: 'no_stream',
        });
        const events = await store.readStream(streamId);
        expect(events.map((event) => event.data)).toEqual([{ owner: 'new' }]);
        expect(result.nextExpectedRevision).toBe(events[0]!.revision);
        const next = await store.appendToStream(streamId, [anEvent('EmailReleased')], {
          expectedRevision: result.nextExpectedRevision,
        });
        expect(next.nextExpectedRevision).toBe(result.nextExpectedRevision + 1);
      });
    });

    describe('deleting a stream for good (erasure fence)', () => {
      const refusal = (append: Promise<unknown>) =>
        append.then(
          () => undefined,
          (rejection: unknown) => rejection,
        );

      it('removes its events from every read and refuses every later append, whatever it expects', async () => {
        const fenced = uniqueStream('practice');
        const kept = uniqueStream('practice');
        const { position: from } = await store.appendToStream(fenced, [anEvent('UsageIncremented')]);
        await store.appendToStream(kept, [anEvent('UsageIncremented')]);
        await store.tombstoneStream(fenced);

        expect(await store.readStream(fenced)).toEqual([]);
        expect((await store.readAll({ after: from - 1 })).some((event) => event.streamId === fenced)).toBe(
          false,
        );
        for (const expectedRevision of ['any', 'no_stream', 'stream_exists', 0] as const) {
          const error = await refusal(
            store.appendToStream(fenced, [anEvent('UsageIncremented')], { expectedRevision }),
          );
          expect(error).toBeInstanceOf(StreamTombstonedError);
          expect(isStreamTombstoned(error)).toBe(true);
          expect((error as StreamTombstonedError).streamId).toBe(fenced);
        }
        expect(await store.readStream(fenced)).toEqual([]);
        const after = await store.readAll({ after: from - 1 });
        expect(after.some((event) => event.streamId === fenced)).toBe(false);
        expect(after.filter((event) => event.streamId === kept)).toHaveLength(1);
        // The other stream is untouched, and doing it again does nothing.
        await store.appendToStream(kept, [anEvent('UsageIncremented')], { expectedRevision: 0 });
        await expect(store.tombstoneStream(fenced)).resolves.toBeUndefined();
      });

      it('fences a stream never written, and a racing append either lands before it or not at all', async () => {
        const never = uniqueStream('reminders');
        await store.tombstoneStream(never);
        expect(
          await refusal(
            store.appendToStream(never, [anEvent('RemindersSet')], { expectedRevision: 'no_stream' }),
          ),
        ).toBeInstanceOf(StreamTombstonedError);

        const raced = uniqueStream('practice');
        await store.appendToStream(raced, [anEvent('UsageIncremented')]);
        const outcomes = await Promise.allSettled([
          ...Array.from({ length: 20 }, () => store.appendToStream(raced, [anEvent('UsageIncremented')])),
          store.tombstoneStream(raced),
          ...Array.from({ length: 20 }, () => store.appendToStream(raced, [anEvent('UsageIncremented')])),
        ]);
        for (const outcome of outcomes)
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(StreamTombstonedError);
        expect(await store.readStream(raced)).toEqual([]);
        expect((await store.readAll()).some((event) => event.streamId === raced)).toBe(false);
      });
    });

    describe("an append's own transaction (inTransaction)", () => {
      it('is handed the events as a read returns them, once, when they are appended (never by a store without one to share)', async () => {
        const { sharesItsTransaction } = underTest;
        const streamId = uniqueStream('practice');
        const handed: RecordedEvent[][] = [];
        const inTransaction = (recorded: readonly RecordedEvent[]) => void handed.push([...recorded]);
        const batch = [
          anEvent('LessonScheduled', { at: 1 }, crypto.randomUUID()),
          anEvent('LessonEvaluated', {}, crypto.randomUUID()),
        ];
        await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream', inTransaction });
        // A retried batch and a refused one append nothing: nothing to hand.
        await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream', inTransaction });
        await store
          .appendToStream(streamId, [anEvent('LessonEvaluated')], { expectedRevision: 0, inTransaction })
          .catch(() => undefined);
        if (!sharesItsTransaction) return expect(handed).toEqual([]);
        expect(handed).toEqual([await store.readStream(streamId)]);
      });

      it('undoes the append when what it runs throws', async (context) => {
        if (!underTest.sharesItsTransaction) return context.skip();
        const streamId = uniqueStream('practice');
        const before = await store.lastPosition();
        const failing = store.appendToStream(streamId, [anEvent('LessonEvaluated')], {
          inTransaction: () => {
            throw new Error('the read models refused');
          },
        });
        await expect(failing).rejects.toThrow('the read models refused');
        expect(await store.readStream(streamId)).toEqual([]);
        expect(await store.lastPosition()).toBe(before);
      });
    });

    describe('idempotent retries', () => {
      it('appends a batch with the same event ids only once and answers the same result', async () => {
        const streamId = uniqueStream('customer');
        const batch = [
          anEvent('CustomerRegistered', { n: 1 }, crypto.randomUUID()),
          anEvent('VerificationMailSent', { n: 2 }, crypto.randomUUID()),
        ];
        const first = await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
        const retried = await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
        expect(retried).toEqual(first);

        await store.appendToStream(streamId, [anEvent('CustomerVerified')], { expectedRevision: 1 });
        const lateRetry = await store.appendToStream(streamId, batch, { expectedRevision: 'no_stream' });
        expect(lateRetry).toEqual(first);

        const events = await store.readStream(streamId);
        expect(events.map((event) => event.type)).toEqual([
          'CustomerRegistered',
          'VerificationMailSent',
          'CustomerVerified',
        ]);
        expect(events.slice(0, 2).map((event) => event.id)).toEqual(batch.map((event) => event.id));
      });
    });

    describe('metadata and data', () => {
      it('round-trip exactly, optional metadata absent stays absent', async () => {
        const streamId = uniqueStream('customer');
        const full: EventMetadata = {
          schemaVersion: 3,
          time: '2025-03-01T09:30:15.123Z',
          correlationId: 'correlation-7f3a',
          causationId: 'causation-19bc',
          operator: 'operator@stickwork.example',
        };
        const minimal: EventMetadata = { schemaVersion: 1, time: '2025-03-01T09:30:16.000+01:00' };
        const data = {
          text: 'Grüße, 🥁 "quoted" \\ back',
          nested: { list: [1, 2.5, -3, 0], flag: true, off: false, none: null, empty: {} },
        };
        const { position: from } = await store.appendToStream(uniqueStream('marker'), [anEvent('Marker')]);
        await store.appendToStream(streamId, [
          { type: 'CustomerRegistered', data, metadata: full },
          { type: 'CustomerVerified', data: {}, metadata: minimal },
        ]);

        const fromStream = await store.readStream(streamId);
        const fromLog = (await store.readAll({ after: from })).filter((event) => event.streamId === streamId);
        for (const events of [fromStream, fromLog]) {
          expect(events.map((event) => event.type)).toEqual(['CustomerRegistered', 'CustomerVerified']);
          expect(events[0]!.metadata).toStrictEqual(full);
          expect(events[0]!.data).toStrictEqual(data);
          expect(events[1]!.metadata).toStrictEqual(minimal);
          expect(events[1]!.data).toStrictEqual({});
        }
      });
    });

    describe('concurrency', () => {
      it(
        'loses and duplicates nothing under 1,000 concurrent appends that retry on conflict',
        { timeout: 120_000 },
        async () => {
          const streamId = uniqueStream('practice');
          /** `seen` is what this writer has read of the stream so far: it reads only what is newer. */
          const appendWithRetry = async (n: number, seen: { known: number }) => {
            for (let attempt = 1; ; attempt++) {
              const newer = await store.readStream(streamId, { fromRevision: seen.known + 1 });
              seen.known = newer.at(-1)?.revision ?? seen.known;
              try {
                return await store.appendToStream(streamId, [anEvent('UsageIncremented', { n })], {
                  expectedRevision: seen.known === -1 ? 'no_stream' : seen.known,
                });
              } catch (error) {
                if (!isWrongExpectedRevision(error)) throw error;
                // Random back-off spreads the losers out so each retry round has few contenders.
                await pause(Math.random() * Math.min(2 ** attempt, 32));
              }
            }
          };

          const results: Array<Awaited<ReturnType<typeof appendWithRetry>>> = [];
          let next = 0;
          const writer = async () => {
            const seen = { known: -1 };
            while (next < 1000) results.push(await appendWithRetry(next++, seen));
          };
          const writers = Math.min(1000, underTest.concurrentWriters ?? 1000);
          await Promise.all(Array.from({ length: writers }, writer));

          const events = await store.readStream(streamId);
          const range = Array.from({ length: 1000 }, (_, n) => n);
          expect(events.map((event) => event.revision)).toEqual(range);
          expect(events.map((event) => (event.data as { n: number }).n).sort((a, b) => a - b)).toEqual(range);
          expect(results.map((result) => result.nextExpectedRevision).sort((a, b) => a - b)).toEqual(range);
        },
      );
    });

    describe('stats', () => {
      it('counts streams and events and reports the last position written', async () => {
        const before = await store.stats();
        await store.appendToStream(uniqueStream('customer'), [anEvent('A'), anEvent('B'), anEvent('C')]);
        const last = await store.appendToStream(uniqueStream('practice'), [anEvent('A'), anEvent('B')]);

        expect(await store.stats()).toEqual({
          streams: before.streams + 2,
          events: before.events + 5,
          lastPosition: last.position,
        });
      });
    });

    describe('persistence', () => {
      it('keeps every event, revision and position when reopened', async (context) => {
        const { reopen } = underTest;
        if (!reopen) return context.skip('this adapter keeps nothing after close');
        const streamId = uniqueStream('customer');
        await store.appendToStream(streamId, [anEvent('A', { n: 1 }), anEvent('B', { n: 2 })]);
        const written = await store.readStream(streamId);
        const stats = await store.stats();
        await store.close();

        store = await reopen();
        expect(await store.readStream(streamId)).toEqual(written);
        expect(await store.stats()).toEqual(stats);
        const next = await store.appendToStream(streamId, [anEvent('C')], { expectedRevision: 1 });
        expect(next.position).toBeGreaterThan(written[1]!.position);
      });
    });

    describe('decision-state snapshots over this store', () => {
      /** Counts the events folded: the state is the list of folded event types. */
      const listing = {
        initialState: (): string[] => [],
        evolve: (state: string[], event: { type: string }) => [...state, event.type],
      };
      const codec = {
        schemaVersion: 1,
        encode: (state: string[]) => state,
        decode: (json: unknown) => json as string[],
      };
      const versions = { A: 1, B: 1, C: 1 } as const;

      it('read the snapshot and only the events after it, and equal the full fold', async () => {
        const streamId = uniqueStream('practice');
        const snapshots = createSnapshots(codec, createInMemorySnapshotStore(), { persistEvery: 1 });
        await store.appendToStream(streamId, [anEvent('A'), anEvent('B')]);
        expect(await loadStreamState(store, streamId, listing, versions, snapshots)).toEqual({
          state: ['A', 'B'],
          revision: 1,
        });
        await store.appendToStream(streamId, [anEvent('C')], { expectedRevision: 1 });
        const loaded = await loadStreamState(store, streamId, listing, versions, snapshots);
        expect(loaded).toEqual(await loadStreamState(store, streamId, listing, versions));
        expect(loaded).toEqual({ state: ['A', 'B', 'C'], revision: 2 });
      });

      it('are not used once the stream was deleted and written again', async () => {
        const streamId = uniqueStream('practice');
        const snapshots = createSnapshots(codec, createInMemorySnapshotStore(), { persistEvery: 1 });
        await store.appendToStream(streamId, [anEvent('A'), anEvent('B')]);
        await loadStreamState(store, streamId, listing, versions, snapshots);
        await store.deleteStream(streamId);
        await store.appendToStream(streamId, [anEvent('C')], { expectedRevision: 'any' });
        const loaded = await loadStreamState(store, streamId, listing, versions, snapshots);
        expect(loaded.state).toEqual(['C']);
        expect(loaded).toEqual(await loadStreamState(store, streamId, listing, versions));
      });
    });
  });
};
