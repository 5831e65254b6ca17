/**
 * The event-store port (DESIGN.md "Event store"). Three adapters implement it and pass one
 * shared contract suite: in-memory (here), SQLite and EventStoreDB (app-api).
 *
 * Streams are named `<category>-<id>`. Revisions count a stream's events from 0; positions
 * order the global log and only ever grow.
 */

/** What an append expects of the stream: that it does not exist, anything, that it exists, or its exact last revision. */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

export interface EventMetadata {
  /** Version of the event's data schema; older versions are upcast when read. */
  schemaVersion: number;
  /** ISO 8601 time the event happened, from the injected clock. */
  time: string;
  correlationId?: string;
  causationId?: string;
  /** Who caused it from the operator CLI, if anyone. */
  operator?: string;
}

export interface EventToAppend<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /** A stable id makes a retried append idempotent; generated when absent. */
  id?: string;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /** 0-based index of the event in its stream. */
  revision: number;
  /** Position in the global log; strictly increasing, not necessarily contiguous. */
  position: number;
}

export interface AppendResult {
  /** Revision of the last event now in the stream (pass it as the next expected revision). */
  nextExpectedRevision: number;
  /** Global position of the last event written (for read-your-writes). */
  position: number;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive). Default 0. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Return only events after this global position (exclusive). Default: from the start. */
  after?: number;
  maxCount?: number;
}

/** A catch-up-then-live subscription to the global log: every event after `after`, once, in order. */
export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  unsubscribe(): Promise<void>;
}

export interface StoreStats {
  streams: number;
  events: number;
  /** Last global position written, or null for an empty store. */
  lastPosition: number | null;
}

export type EventStoreKind = 'memory' | 'sqlite' | 'eventstoredb';

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
  /**
   * Called with the events as recorded (as a read returns them) inside the append's own
   * transaction, where the store has one the caller can share: the embedded SQLite store (the
   * read models then commit with the events, issue 37) and the in-memory one. It must not throw
   * for the append to stand. EventStoreDB never calls it: its read models follow the log.
   */
  inTransaction?: (recorded: readonly RecordedEvent[]) => void;
}

export interface EventStore {
  readonly kind: EventStoreKind;
  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** A missing or deleted stream reads as empty. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Optional, for a cache of a stream's state: a mark that is the same at two calls only if the stream
   * reads the same at both (nothing appended to it, and it not deleted, by this process or any other in
   * between). Take it before reading the stream. A store that cannot tell cheaply leaves it out, and
   * its readers read.
   */
  streamMark?(streamId: string): string;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Position of the last event `readAll` can return (deleted streams' events excluded), or null
   * when there is none. Cheap (no scan), so a health poll can tell a projection's lag from its
   * checkpoint. Unlike `stats().lastPosition`, it moves back when the last stream is deleted.
   */
  lastPosition(): Promise<number | null>;
  subscribeToAll(options?: { after?: number }): AllSubscription;
  /** Removes the stream's events from every read; the stream may be written again (an email freed). */
  deleteStream(streamId: string): Promise<void>;
  /**
   * Deletes the stream for good (erasure's fence, DESIGN.md): its events leave every read as with
   * `deleteStream`, and from then on every append to it, from any process or host sharing the store,
   * fails with `StreamTombstonedError` and writes nothing. The check is the append's own (its
   * transaction, the server's stream guard). Doing it again does nothing.
   */
  tombstoneStream(streamId: string): Promise<void>;
  stats(): Promise<StoreStats>;
  close(): Promise<void>;
}

/** The one typed error for an expected-revision mismatch. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's current revision, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)} but it is at ${String(actual)}`);
  }
}

export const isWrongExpectedRevision = (error: unknown): error is WrongExpectedRevisionError =>
  error instanceof WrongExpectedRevisionError;

/** An append to a stream deleted for good (`tombstoneStream`): nothing was written. */
export class StreamTombstonedError extends Error {
  override readonly name = 'StreamTombstonedError';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} is deleted for good: it takes no more events`);
  }
}

export const isStreamTombstoned = (error: unknown): error is StreamTombstonedError =>
  error instanceof StreamTombstonedError;
