/**
 * Pure translations between the event-store port and @eventstore/db-client (v6), kept apart from
 * the adapter so they are tested without a server.
 */
import { createHash } from 'node:crypto';
import {
  ANY,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamDeletedError,
  WrongExpectedVersionError,
  jsonEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  type EventData,
  type JSONType,
  type Position,
  type ResolvedEvent,
  type AllStreamResolvedEvent,
} from '@eventstore/db-client';
import {
  StreamTombstonedError,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from '@stickwork/domain';

export const toEsdbExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
};

export const fromEsdbCurrentRevision = (actual: CurrentRevision): number | 'no_stream' =>
  actual === NO_STREAM ? 'no_stream' : Number(actual);

/** The client's version conflict becomes the port's one typed error; anything else passes unchanged. */
export const toPortError = (error: unknown, streamId: string, expected: ExpectedRevision): unknown =>
  error instanceof WrongExpectedVersionError
    ? new WrongExpectedRevisionError(streamId, expected, fromEsdbCurrentRevision(error.actualVersion))
    : // The server's stream guard: an append to a tombstoned stream (also one soft-deleted and
      // expected to exist, which no command of ours asks).
      error instanceof StreamDeletedError
      ? new StreamTombstonedError(streamId)
      : error;

/**
 * Global positions are the commit position of the event in the transaction log, as a Number
 * (exact up to 2^53 bytes of log, about 9 PB). For events appended through gRPC every event
 * is its own implicit commit, so commit positions are unique and grow; prepare equals commit.
 */
export const toGlobalPosition = (position: Position): number => {
  if (position.commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Commit position ${position.commit} is beyond Number.MAX_SAFE_INTEGER`);
  }
  return Number(position.commit);
};

export const toEsdbPosition = (position: number): Position => ({
  commit: BigInt(position),
  prepare: BigInt(position),
});

/** System streams and events (`$`-prefixed: `$$stream` metadata, `$>` links, `$stats-...`) are never ours. */
export const isSystemEvent = (streamId: string, type: string) =>
  streamId.startsWith('$') || type.startsWith('$');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A name-based UUID (version 5 layout, SHA-256) so an id like a Stripe `evt_...` still de-duplicates. */
export const uuidFor = (id: string): string => {
  if (UUID.test(id)) return id.toLowerCase();
  const bytes = createHash('sha256').update(`stickwork-event-id:${id}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The server wants UUID event ids; any other id is sent as its name-based UUID and kept in the
 * event's metadata (`eventId`) so reads answer the id the caller gave.
 */
export const toEsdbEvent = (event: EventToAppend, id: string): EventData => {
  const uuid = uuidFor(id);
  const metadata: Record<string, unknown> = { ...pickMetadata(event.metadata) };
  if (uuid !== id) metadata.eventId = id;
  return jsonEvent({ id: uuid, type: event.type, data: (event.data ?? null) as JSONType, metadata });
};

const optionalStrings = ['correlationId', 'causationId', 'operator'] as const;

/** Exactly the port's metadata fields: nothing the server or another writer added, nothing undefined. */
export const pickMetadata = (raw: unknown): EventMetadata => {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const metadata: EventMetadata = {
    schemaVersion: typeof source.schemaVersion === 'number' ? source.schemaVersion : 1,
    time: typeof source.time === 'string' ? source.time : '',
  };
  for (const key of optionalStrings) {
    const value = source[key];
    if (typeof value === 'string') metadata[key] = value;
  }
  return metadata;
};

/**
 * The port's recorded event, or undefined for what the port does not show: a missing event
 * (unresolved link), a system event, or a binary event. Events read from a stream on servers
 * older than 22.6 carry no position; they get -1.
 */
export const fromResolvedEvent = (
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): RecordedEvent | undefined => {
  const event = resolved.event;
  if (!event || !event.isJson || isSystemEvent(event.streamId, event.type)) return undefined;
  const givenId = (event.metadata as { eventId?: unknown } | undefined)?.eventId;
  return {
    id: typeof givenId === 'string' ? givenId : event.id,
    streamId: event.streamId,
    type: event.type,
    data: event.data,
    metadata: pickMetadata(event.metadata),
    revision: Number(event.revision),
    position: event.position ? toGlobalPosition(event.position) : -1,
  };
};

/**
 * Soft deletion sets the stream's truncate-before (`$tb`) past its last event; a stream that is
 * written again gets `$tb` = its first new revision. Events before it are deleted, until a
 * scavenge removes their bytes.
 */
export const isBeforeTruncation = (
  revision: number,
  truncateBefore: typeof START | typeof END | number | undefined,
): boolean => {
  if (truncateBefore === undefined || truncateBefore === START) return false;
  if (truncateBefore === END) return true;
  return revision < truncateBefore;
};

/**
 * What a `$metadata` event of one of our streams' metastreams (`$$customer-1`) says about the
 * stream: its `$tb` now (a soft delete writes long.MaxValue, read as a number past every revision;
 * writing the stream again writes its first new revision). Undefined for any other record.
 */
export const truncateBeforeOf = (
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): { streamId: string; truncateBefore: number | undefined } | undefined => {
  const event = resolved.event;
  if (!event || event.type !== '$metadata' || !event.streamId.startsWith('$$')) return undefined;
  const streamId = event.streamId.slice(2);
  if (streamId.startsWith('$')) return undefined;
  const tb = event.isJson ? (event.data as { $tb?: unknown } | null)?.$tb : undefined;
  return { streamId, truncateBefore: typeof tb === 'number' ? tb : undefined };
};

/**
 * The v6 client knows only `esdb://` and `esdb+discover://`; KurrentDB's `kurrentdb://` and
 * `kdb://` name the same protocol and options, so they are read as their esdb equivalents.
 */
export const toEsdbConnectionString = (connectionString: string): string =>
  connectionString.replace(
    /^(?:kurrentdb|kdb)(\+discover)?:\/\//i,
    (_scheme, discover: string | undefined) => (discover ? 'esdb+discover://' : 'esdb://'),
  );

/** `host:port` of each node the connection string names (default port 2113), without credentials. */
export const endpointsOf = (connectionString: string): string => {
  const authority = connectionString.replace(/^[a-z+]+:\/\//i, '').split(/[/?]/)[0] ?? '';
  const hosts = authority.slice(authority.lastIndexOf('@') + 1);
  return hosts
    .split(',')
    .filter(Boolean)
    .map((host) => (/:\d+$/.test(host) ? host : `${host}:2113`))
    .join(', ');
};

/** gRPC's "14 UNAVAILABLE: ..." and deadline errors become one line naming where the store was sought. */
export const toConnectionError = (error: unknown, connectionString: string): unknown => {
  const type = (error as { type?: unknown } | null)?.type;
  const message = error instanceof Error ? error.message : '';
  const unreachable =
    type === 'unavailable' ||
    type === 'deadline-exceeded' ||
    /UNAVAILABLE|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|Failed to discover|DEADLINE_EXCEEDED/.test(message);
  return unreachable
    ? new Error(`EventStoreDB is unreachable at ${endpointsOf(connectionString)}`, { cause: error })
    : error;
};
