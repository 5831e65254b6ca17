import {
  StreamTombstonedError,
  WrongExpectedRevisionError,
  type AllSubscription,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StoreStats,
} from './event-store.js';

export interface InMemoryEventStoreOptions {
  /** Id for events appended without one. Default: `crypto.randomUUID()` (Web Crypto). */
  generateId?: () => string;
}

/**
 * The in-memory adapter of the event-store port: unit tests and CLI what-if replays.
 * Events are copied through JSON on the way in and out, so it behaves like the stores that
 * serialise (no shared mutable objects, no Dates or undefined surviving a round trip).
 */
export const createInMemoryEventStore = (options: InMemoryEventStoreOptions = {}): EventStore => {
  const generateId = options.generateId ?? (() => crypto.randomUUID());
  /** The global log in position order; a deleted stream's events are removed from it. */
  let log: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const eventsById = new Map<string, RecordedEvent>();
  let lastPosition = 0;
  const wakeUps = new Set<() => void>();
  const closers = new Set<() => void>();

  const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  const copyEvent = (event: RecordedEvent): RecordedEvent => ({
    ...event,
    data: copy(event.data),
    metadata: copy(event.metadata),
  });

  /** A retried batch whose ids are already recorded in order returns the original result. */
  const replayedResult = (streamId: string, events: readonly EventToAppend[]): AppendResult | undefined => {
    const firstId = events[0]?.id;
    if (firstId === undefined) return undefined;
    const first = eventsById.get(firstId);
    if (first === undefined) {
      const recorded = events.find((event) => event.id !== undefined && eventsById.has(event.id));
      if (recorded) throw new Error(`Event id ${recorded.id} is already recorded`);
      return undefined;
    }
    const stream = streams.get(streamId) ?? [];
    const matches =
      first.streamId === streamId &&
      events.every((event, index) => stream[first.revision + index]?.id === event.id);
    if (!matches) throw new Error(`Event id ${firstId} is already recorded for a different append`);
    const last = stream[first.revision + events.length - 1]!;
    return { nextExpectedRevision: last.revision, position: last.position };
  };

  const checkExpected = (streamId: string, expected: ExpectedRevision, current: number | undefined) => {
    const actual = current ?? 'no_stream';
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === undefined) ||
      (expected === 'stream_exists' && current !== undefined) ||
      expected === current;
    if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
  };

  const firstIndexAfter = (position: number): number => {
    let low = 0;
    let high = log.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (log[middle]!.position <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  const subscribeToAll = ({ after = 0 }: { after?: number } = {}): AllSubscription => {
    let lastDelivered = after;
    let closed = false;
    let wake: (() => void) | undefined;
    const stop = () => {
      closed = true;
      wake?.();
    };
    closers.add(stop);

    const iterator: AsyncIterator<RecordedEvent> = {
      async next() {
        for (;;) {
          if (closed) return { done: true, value: undefined };
          const next = log[firstIndexAfter(lastDelivered)];
          if (next) {
            lastDelivered = next.position;
            return { done: false, value: copyEvent(next) };
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            wakeUps.add(resolve);
          });
          wake = undefined;
        }
      },
      async return() {
        stop();
        return { done: true, value: undefined };
      },
    };
    return {
      [Symbol.asyncIterator]: () => iterator,
      async unsubscribe() {
        stop();
        closers.delete(stop);
      },
    };
  };

  const deleteStream = async (streamId: string) => {
    const stream = streams.get(streamId);
    if (!stream) return;
    streams.delete(streamId);
    for (const event of stream) eventsById.delete(event.id);
    log = log.filter((event) => event.streamId !== streamId);
  };
  /** Streams deleted for good: no append writes them again. */
  const tombstoned = new Set<string>();
  /** Writes per stream, for `streamMark` (nobody else writes this store). */
  const writes = new Map<string, number>();
  const wrote = (streamId: string) => void writes.set(streamId, (writes.get(streamId) ?? 0) + 1);

  return {
    kind: 'memory',

    async appendToStream(streamId, events, { expectedRevision = 'any', inTransaction } = {}) {
      if (tombstoned.has(streamId)) throw new StreamTombstonedError(streamId);
      wrote(streamId);
      const replayed = replayedResult(streamId, events);
      if (replayed) return replayed;
      const stream = streams.get(streamId) ?? [];
      const current = stream.length > 0 ? stream.length - 1 : undefined;
      checkExpected(streamId, expectedRevision, current);
      if (events.length === 0) {
        return { nextExpectedRevision: current ?? -1, position: stream.at(-1)?.position ?? lastPosition };
      }
      const ids = events.map((event) => event.id ?? generateId());
      if (new Set(ids).size !== ids.length) throw new Error('Event ids in one append must be distinct');

      const recorded = events.map((event, index): RecordedEvent => ({
        id: ids[index]!,
        streamId,
        type: event.type,
        data: copy(event.data ?? null),
        metadata: copy(event.metadata),
        revision: stream.length + index,
        position: lastPosition + index + 1,
      }));
      // Before anything is kept, as the last step of a transaction: if it throws, nothing was appended.
      inTransaction?.(recorded.map(copyEvent));
      lastPosition += recorded.length;
      stream.push(...recorded);
      streams.set(streamId, stream);
      log.push(...recorded);
      for (const event of recorded) eventsById.set(event.id, event);

      const wokenUp = [...wakeUps];
      wakeUps.clear();
      for (const wakeUp of wokenUp) wakeUp();
      const last = recorded.at(-1)!;
      return { nextExpectedRevision: last.revision, position: last.position };
    },

    async readStream(streamId, { fromRevision = 0, maxCount }: ReadStreamOptions = {}) {
      const stream = streams.get(streamId) ?? [];
      const end = maxCount === undefined ? undefined : fromRevision + maxCount;
      return stream.slice(fromRevision, end).map(copyEvent);
    },

    async readAll({ after = 0, maxCount }: ReadAllOptions = {}) {
      const start = firstIndexAfter(after);
      const end = maxCount === undefined ? undefined : start + maxCount;
      return log.slice(start, end).map(copyEvent);
    },

    async lastPosition() {
      return log.at(-1)?.position ?? null;
    },

    subscribeToAll,

    streamMark: (streamId) => String(writes.get(streamId) ?? 0),

    async deleteStream(streamId) {
      wrote(streamId);
      await deleteStream(streamId);
    },

    async tombstoneStream(streamId) {
      wrote(streamId);
      tombstoned.add(streamId);
      await deleteStream(streamId);
    },

    async stats(): Promise<StoreStats> {
      return {
        streams: streams.size,
        events: log.length,
        lastPosition: lastPosition === 0 ? null : lastPosition,
      };
    },

    async close() {
      for (const close of [...closers]) close();
      closers.clear();
    },
  };
};
