import { randomUUID } from 'node:crypto';
import {
  EventStoreDBClient,
  FORWARDS,
  BACKWARDS,
  END,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import type {
  AllSubscription,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoreStats,
} from '@stickwork/domain';
import {
  fromResolvedEvent,
  isBeforeTruncation,
  toEsdbEvent,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toConnectionError,
  toEsdbConnectionString,
  toGlobalPosition,
  toPortError,
} from './eventstoredb-mapping.js';

export interface EventStoreDbOptions {
  /** Id for events appended without one. Default: `crypto.randomUUID()`. */
  generateId?: () => string;
  /** `stats()` scans `$all`; it refuses past this many records rather than run unbounded. Default 1,000,000. */
  statsScanLimit?: number;
}

export interface EventStoreDbEventStore extends EventStore {
  readonly kind: 'eventstoredb';
  readonly client: EventStoreDBClient;
}

const PAGE_SIZE = 1000;

const isMissingStream = (error: unknown) =>
  error instanceof StreamNotFoundError || error instanceof StreamDeletedError;

/**
 * EventStoreDB / KurrentDB adapter (production, cluster). The connection string must carry a user
 * allowed to read `$all` (e.g. admin) when the server runs secure.
 *
 * - Positions are commit positions as Numbers (see `toGlobalPosition`).
 * - `deleteStream` is a soft delete, so the stream can be written again (an erased email can
 *   register again). Its events vanish from reads at once, but their bytes stay in the
 *   transaction log until a scavenge. Erasure does not wait for one: `openStores` wraps this
 *   adapter in crypto-shredding, so those bytes hold personal data only sealed with a key that
 *   the deletion destroyed (README "Erasure on EventStoreDB").
 * - Until that scavenge `$all` still returns deleted events, so `readAll`, `subscribeToAll` and
 *   `stats` hide every event before its stream's truncate-before (`$tb`), which costs one
 *   metadata read per stream met (cached for the call or subscription; a subscription's cache can
 *   miss a deletion made after it first met the stream).
 * - `stats` scans `$all` from the start: O(events) plus one metadata read per stream. It is an
 *   operator tool, not for request paths.
 */
export const connectEventStoreDb = (
  connectionString: string,
  { generateId = randomUUID, statsScanLimit = 1_000_000 }: EventStoreDbOptions = {},
): EventStoreDbEventStore => {
  const client = EventStoreDBClient.connectionString(toEsdbConnectionString(connectionString));
  const reachable = (error: unknown) => toConnectionError(error, connectionString);
  const openSubscriptions = new Set<{ unsubscribe(): Promise<void> }>();

  /** Whether an event of `$all` still belongs to its stream, i.e. was not deleted. */
  const createVisibilityCheck = () => {
    const truncateBefore = new Map<string, Awaited<ReturnType<typeof loadTruncateBefore>>>();
    const loadTruncateBefore = async (streamId: string) => {
      const { metadata } = await client.getStreamMetadata(streamId);
      return metadata?.truncateBefore;
    };
    const load = async (streamId: string) => {
      const value = await loadTruncateBefore(streamId);
      truncateBefore.set(streamId, value);
      return value;
    };
    return async (event: RecordedEvent): Promise<boolean> => {
      const cached = truncateBefore.has(event.streamId);
      const value = cached ? truncateBefore.get(event.streamId) : await load(event.streamId);
      if (!isBeforeTruncation(event.revision, value)) return true;
      // A cached `$tb` may predate the stream being written again after a delete.
      return cached ? !isBeforeTruncation(event.revision, await load(event.streamId)) : false;
    };
  };

  const readAllPage = (
    from: ReadPosition,
  ): AsyncIterable<AllStreamResolvedEvent> & { cancel(): Promise<void> } =>
    client.readAll({ fromPosition: from, maxCount: PAGE_SIZE, direction: FORWARDS });

  /** Pages through `$all` forwards after `after`, handing each non-system event to `visit` until it answers false. */
  const scanAll = async (
    after: number | undefined,
    visit: (event: RecordedEvent) => Promise<boolean>,
    onRecord: () => void = () => undefined,
  ) => {
    let lastSeen = after ?? -1;
    let from: ReadPosition = after === undefined ? START : toEsdbPosition(after);
    for (;;) {
      let records = 0;
      const page = readAllPage(from);
      for await (const resolved of page) {
        records += 1;
        onRecord();
        const position: Position | undefined = resolved.event?.position;
        if (!position || toGlobalPosition(position) <= lastSeen) continue;
        lastSeen = toGlobalPosition(position);
        from = position;
        const event = fromResolvedEvent(resolved);
        if (event && !(await visit(event))) {
          // Leaving a page early must cancel its gRPC call: the rest of the page stays unread in
          // the call, and `client.dispose()` would wait for it forever (found by the test server).
          await page.cancel();
          return;
        }
      }
      if (records < PAGE_SIZE) return;
    }
  };

  const lastPositionOfStream = async (streamId: string): Promise<number> => {
    for await (const resolved of client.readStream(streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    })) {
      if (resolved.event?.position) return toGlobalPosition(resolved.event.position);
    }
    return -1;
  };

  return {
    kind: 'eventstoredb',
    client,

    async appendToStream(streamId, events, { expectedRevision = 'any' } = {}) {
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((event) => toEsdbEvent(event, event.id ?? generateId())),
          { expectedRevision: toEsdbExpectedRevision(expectedRevision) },
        );
        return {
          nextExpectedRevision: Number(result.nextExpectedRevision),
          position: result.position
            ? toGlobalPosition(result.position)
            : await lastPositionOfStream(streamId),
        };
      } catch (error) {
        throw reachable(toPortError(error, streamId, expectedRevision));
      }
    },

    async readStream(streamId, { fromRevision = 0, maxCount }: ReadStreamOptions = {}) {
      const events: RecordedEvent[] = [];
      if (maxCount === 0) return events;
      try {
        for await (const resolved of client.readStream(streamId, {
          fromRevision: BigInt(fromRevision),
          direction: FORWARDS,
          ...(maxCount === undefined ? {} : { maxCount }),
        })) {
          const event = fromResolvedEvent(resolved);
          if (event) events.push(event);
        }
      } catch (error) {
        if (isMissingStream(error)) return [];
        throw reachable(error);
      }
      return events;
    },

    async readAll({ after, maxCount = Number.POSITIVE_INFINITY }: ReadAllOptions = {}) {
      const events: RecordedEvent[] = [];
      if (maxCount <= 0) return events;
      const isVisible = createVisibilityCheck();
      await scanAll(after, async (event) => {
        if (await isVisible(event)) events.push(event);
        return events.length < maxCount;
      }).catch((error: unknown) => {
        throw reachable(error);
      });
      return events;
    },

    subscribeToAll({ after }: { after?: number } = {}): AllSubscription {
      const subscription = client.subscribeToAll({
        fromPosition: after === undefined ? START : toEsdbPosition(after),
        filter: excludeSystemEvents(),
      });
      openSubscriptions.add(subscription);
      const isVisible = createVisibilityCheck();
      const unsubscribe = async () => {
        openSubscriptions.delete(subscription);
        await subscription.unsubscribe();
      };
      async function* visibleEvents(): AsyncGenerator<RecordedEvent> {
        try {
          for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
            const event = fromResolvedEvent(resolved);
            // The server starts after `after`; the check also guards a server that includes it.
            if (!event || (after !== undefined && event.position <= after)) continue;
            if (await isVisible(event)) yield event;
          }
        } finally {
          await unsubscribe();
        }
      }
      const events = visibleEvents();
      return { [Symbol.asyncIterator]: () => events, unsubscribe };
    },

    async deleteStream(streamId) {
      try {
        await client.deleteStream(streamId);
      } catch (error) {
        if (isMissingStream(error) || error instanceof WrongExpectedVersionError) return;
        throw reachable(error);
      }
    },

    async stats(): Promise<StoreStats> {
      const isVisible = createVisibilityCheck();
      const streams = new Set<string>();
      let events = 0;
      let lastPosition: number | null = null;
      let records = 0;
      await scanAll(
        undefined,
        async (event) => {
          lastPosition = event.position;
          if (await isVisible(event)) {
            events += 1;
            streams.add(event.streamId);
          }
          return true;
        },
        () => {
          records += 1;
          if (records > statsScanLimit) {
            throw new Error(`Event store stats refused: $all holds more than ${statsScanLimit} records`);
          }
        },
      ).catch((error: unknown) => {
        throw reachable(error);
      });
      return { streams: streams.size, events, lastPosition };
    },

    async close() {
      await Promise.all([...openSubscriptions].map((subscription) => subscription.unsubscribe()));
      openSubscriptions.clear();
      await client.dispose();
    },
  };
};
