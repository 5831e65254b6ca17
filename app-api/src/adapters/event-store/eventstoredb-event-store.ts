import { randomUUID } from 'node:crypto';
import {
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  BACKWARDS,
  END,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  streamNameFilter,
  type AppendExpectedRevision,
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
  truncateBeforeOf,
} from './eventstoredb-mapping.js';
import { readAllFiltered } from './eventstoredb-filtered-read.js';
import { createStreamMetadataCache } from './eventstoredb-metadata-cache.js';

export interface EventStoreDbOptions {
  /** Id for events appended without one. Default: `crypto.randomUUID()`. */
  generateId?: () => string;
  /** `stats()` scans `$all`; it refuses past this many records rather than run unbounded. Default 1,000,000. */
  statsScanLimit?: number;
  /** Streams whose metadata (`$tb`) is kept between reads. Default 10,000. */
  metadataCacheSize?: number;
  /** How long a stream's cached metadata is trusted (see docs/eventstoredb.md). Default 5 s. */
  metadataTtlMs?: number;
}

interface ScanOptions {
  /** Records to ask for in the next page. */
  pageSize?: () => number;
  /** Called for every record the server sends. */
  onRecord?: () => void;
}

export interface EventStoreDbEventStore extends EventStore {
  readonly kind: 'eventstoredb';
  readonly client: EventStoreDBClient;
}

const PAGE_SIZE = 1000;
/** Appends racing a tombstone each cost it a round; past this many it gives up (the erasure is retried). */
const TOMBSTONE_ROUNDS = 50;
const LAST_POSITION_PAGE = 16;
/** Stream names the server sends: ours (no `$` prefix), never system streams. */
const OWN_STREAMS = '^[^$]';
/** Ours and their metastreams (`$$customer-1`), whose `$metadata` events tell every host of a deletion. */
const OWN_STREAMS_AND_THEIR_METADATA = '^(?:[^$]|[$][$][^$])';

const isMissingStream = (error: unknown) =>
  error instanceof StreamNotFoundError || error instanceof StreamDeletedError;

/**
 * EventStoreDB / KurrentDB adapter (production, cluster). The connection string must carry a user
 * allowed to read `$all` (e.g. admin) when the server runs secure.
 *
 * - Positions are commit positions as Numbers (see `toGlobalPosition`).
 * - `tombstoneStream` (erasure's fence) soft-deletes, then tombstones: the server refuses every later
 *   append to the stream (`StreamDeletedError`, answered as `StreamTombstonedError`), from any host.
 * - `deleteStream` is a soft delete, so the stream can be written again (an erased email can
 *   register again). Its events vanish from reads at once, but their bytes stay in the
 *   transaction log until a scavenge. Erasure does not wait for one: `openStores` wraps this
 *   adapter in crypto-shredding, so those bytes hold personal data only sealed with a key that
 *   the deletion destroyed (README "Erasure on EventStoreDB").
 * - Until that scavenge `$all` still returns deleted events, so `readAll`, `subscribeToAll`,
 *   `lastPosition` and `stats` hide every event before its stream's truncate-before (`$tb`). The
 *   server filters `$all` to our streams and their metastreams (`$$customer-1`); each stream's
 *   `$tb` is read once and kept (bounded, `metadataTtlMs`), updated by the `$metadata` events the
 *   reads pass, so a deletion by another host is seen in the first read that reaches it, or once
 *   the entry expires (docs/eventstoredb.md "Reads filtered by the server").
 * - `stats` scans `$all` from the start: O(events) plus one metadata read per stream. It is an
 *   operator tool, not for request paths.
 */
export const connectEventStoreDb = (
  connectionString: string,
  {
    generateId = randomUUID,
    statsScanLimit = 1_000_000,
    metadataCacheSize = 10_000,
    metadataTtlMs = 5_000,
  }: EventStoreDbOptions = {},
): EventStoreDbEventStore => {
  const client = EventStoreDBClient.connectionString(toEsdbConnectionString(connectionString));
  const reachable = (error: unknown) => toConnectionError(error, connectionString);
  const openSubscriptions = new Set<{ unsubscribe(): Promise<void> }>();

  const metadata = createStreamMetadataCache({
    load: async (streamId) => {
      try {
        return (await client.getStreamMetadata(streamId)).metadata?.truncateBefore;
      } catch (error) {
        // A tombstoned stream's metadata reads as deleted: every event it had is gone.
        if (error instanceof StreamDeletedError) return END;
        throw error;
      }
    },
    maxEntries: metadataCacheSize,
    ttlMs: metadataTtlMs,
  });

  /**
   * Whether an event of `$all` still belongs to its stream, i.e. was not deleted. `reloadOnce`:
   * a hidden event reloads its stream's `$tb` once per check (a read), not once per event.
   */
  const createVisibilityCheck = ({ reloadOnce }: { reloadOnce: boolean }) => {
    const reloaded = new Set<string>();
    return async (event: RecordedEvent): Promise<boolean> => {
      const cached = await metadata.lookup(event.streamId);
      if (!isBeforeTruncation(event.revision, cached.truncateBefore)) return true;
      // A `$tb` seen in `$all` after the event hides it for good; any other may predate the
      // stream being written again after a delete.
      if (cached.observedAt !== undefined && event.position < cached.observedAt) return false;
      if (reloadOnce && reloaded.has(event.streamId)) return false;
      reloaded.add(event.streamId);
      return !isBeforeTruncation(event.revision, await metadata.reload(event.streamId));
    };
  };

  /** A `$metadata` event of one of our streams updates the cache; true when the record was one. */
  const observeMetadata = (resolved: AllStreamResolvedEvent): boolean => {
    const observed = truncateBeforeOf(resolved);
    if (!observed || !resolved.event?.position) return false;
    metadata.observe(observed.streamId, observed.truncateBefore, toGlobalPosition(resolved.event.position));
    return true;
  };

  /**
   * Pages through `$all` forwards after `after`, filtered by the server to our streams and their
   * metastreams, handing each event to `visit` until it answers false. A page's `$metadata`
   * events are taken in before its events are judged, so a deletion written before the read (by
   * any host) hides the stream's earlier events in the same page. `pageSize` fits the page to
   * what the caller still wants (a read-your-writes read wants 500, not 1,000).
   */
  const scanAll = async (
    after: number | undefined,
    visit: (event: RecordedEvent) => Promise<boolean>,
    { pageSize = () => PAGE_SIZE, onRecord = () => undefined }: ScanOptions = {},
  ) => {
    let lastSeen = after ?? -1;
    let from: ReadPosition = after === undefined ? START : toEsdbPosition(after);
    for (;;) {
      const size = pageSize();
      const page: AllStreamResolvedEvent[] = [];
      for await (const resolved of readAllFiltered(client, {
        fromPosition: from,
        direction: 'forwards',
        maxCount: size,
        streamNameRegex: OWN_STREAMS_AND_THEIR_METADATA,
      }) as AsyncIterable<AllStreamResolvedEvent>) {
        onRecord();
        page.push(resolved);
      }
      const fresh = page.filter((resolved) => {
        const position: Position | undefined = resolved.event?.position;
        if (!position || toGlobalPosition(position) <= lastSeen) return false;
        lastSeen = toGlobalPosition(position);
        from = position;
        return !observeMetadata(resolved);
      });
      for (const resolved of fresh) {
        const event = fromResolvedEvent(resolved);
        if (event && !(await visit(event))) return;
      }
      if (page.length < size) return;
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
      const isVisible = createVisibilityCheck({ reloadOnce: true });
      await scanAll(
        after,
        async (event) => {
          if (await isVisible(event)) events.push(event);
          return events.length < maxCount;
        },
        // One more than wanted: a page starts with the record at `from`, already seen.
        { pageSize: () => Math.min(PAGE_SIZE, maxCount - events.length + 1) },
      ).catch((error: unknown) => {
        throw reachable(error);
      });
      return events;
    },

    async lastPosition() {
      // Backwards from the end to the first event a read returns: deleted events stay in `$all`
      // until a scavenge, and a checkpoint never reaches them.
      const isVisible = createVisibilityCheck({ reloadOnce: true });
      let from: ReadPosition = END;
      // Mostly the last event is one: ask for it alone first.
      let pageSize = 1;
      try {
        for (;;) {
          let records = 0;
          const page = readAllFiltered(client, {
            fromPosition: from,
            direction: 'backwards',
            maxCount: pageSize,
            streamNameRegex: OWN_STREAMS,
          });
          for await (const resolved of page as AsyncIterable<AllStreamResolvedEvent>) {
            records += 1;
            if (resolved.event?.position) from = resolved.event.position;
            const event = fromResolvedEvent(resolved);
            if (event && (await isVisible(event))) {
              await page.cancel();
              return event.position;
            }
          }
          if (records < pageSize) return null;
          pageSize = LAST_POSITION_PAGE;
        }
      } catch (error) {
        throw reachable(error);
      }
    },

    subscribeToAll({ after }: { after?: number } = {}): AllSubscription {
      const subscription = client.subscribeToAll({
        fromPosition: after === undefined ? START : toEsdbPosition(after),
        filter: streamNameFilter({ regex: OWN_STREAMS_AND_THEIR_METADATA }),
      });
      openSubscriptions.add(subscription);
      // A live subscription meets a hidden event rarely (catching up over a deleted stream), and
      // the stream may be written again later: it reloads every time.
      const isVisible = createVisibilityCheck({ reloadOnce: false });
      const unsubscribe = async () => {
        openSubscriptions.delete(subscription);
        await subscription.unsubscribe();
      };
      async function* visibleEvents(): AsyncGenerator<RecordedEvent> {
        try {
          for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
            if (observeMetadata(resolved)) continue;
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
      } finally {
        metadata.forget(streamId);
      }
    },

    async tombstoneStream(streamId) {
      // The soft delete's `$tb` hides the events from `$all` on every host, as `deleteStream`'s does;
      // the tombstone then makes the server refuse every append, for good. It expects the revision the
      // soft delete hid: an append that landed in between is hidden by the next round.
      let expectedRevision: AppendExpectedRevision = NO_STREAM;
      try {
        for (let round = 1; ; round++) {
          await client.deleteStream(streamId).catch((error: unknown) => {
            if (!isMissingStream(error) && !(error instanceof WrongExpectedVersionError)) throw error;
          });
          try {
            await client.tombstoneStream(streamId, { expectedRevision });
            return;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersionError) || round >= TOMBSTONE_ROUNDS) throw error;
            expectedRevision = error.actualVersion;
          }
        }
      } catch (error) {
        if (error instanceof StreamDeletedError) return; // tombstoned already
        throw reachable(error);
      } finally {
        metadata.forget(streamId);
      }
    },

    async stats(): Promise<StoreStats> {
      const isVisible = createVisibilityCheck({ reloadOnce: true });
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
        {
          onRecord: () => {
            records += 1;
            if (records > statsScanLimit) {
              throw new Error(`Event store stats refused: $all holds more than ${statsScanLimit} records`);
            }
          },
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
