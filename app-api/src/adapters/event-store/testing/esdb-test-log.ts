/**
 * The in-memory transaction log behind the EventStoreDB test server (test-only code): streams,
 * `$all`, expected-revision checks, idempotent appends, soft deletes and tombstones, and stream
 * metadata, with the semantics of EventStoreDB's storage writer. Sources, cited where used:
 * - [CheckCommit] EventStoreDB `IndexWriter.CheckCommit` (src/EventStore.Core/Services/Storage/
 *   ReaderIndex/IndexWriter.cs): the expected-version and idempotency decisions.
 * - [Idempotence] "Optimistic concurrency and idempotence", EventStoreDB docs (server 5.0.8,
 *   dotnet-api/optimistic-concurrency-and-idempotence.md): all, none or some events of a retry
 *   already written.
 * - [Deleting] "Deleting a stream" (docs, dotnet-api/deleting-a-stream.md) and the client's
 *   deleteStream/tombstoneStream tests (EventStore-Client-NodeJS packages/test/src/streams):
 *   a soft delete can be written again; a read answers stream-not-found; a tombstone is final and
 *   reads and writes answer stream-deleted.
 * - [Metadata] "Stream metadata" (docs, http-api/stream-metadata.md): metadata lives as
 *   `$metadata` events in the metastream `$$<stream>`; `$tb` (truncate before) hides earlier events.
 */

/** EventStoreDB's `EventNumber.DeletedStream` (long.MaxValue): `$tb` of a soft-deleted stream. */
export const DELETED_STREAM_TB = '9223372036854775807';

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface LoggedEvent extends ProposedEvent {
  streamId: string;
  revision: bigint;
  /** Byte offset in the log. Every gRPC-appended event is its own implicit commit: commit = prepare. */
  position: bigint;
  /** .NET ticks (100 ns since 0001-01-01), as the server sends in the `created` metadata entry. */
  created: bigint;
}

export type ExpectedState = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type AppendOutcome =
  | { kind: 'success'; revision: bigint; position: bigint }
  | { kind: 'wrong_expected_version'; current: bigint | 'no_stream' }
  | { kind: 'stream_deleted' };

export type StreamReadOutcome =
  { kind: 'events'; events: LoggedEvent[] } | { kind: 'not_found' } | { kind: 'deleted' };

interface StreamState {
  events: LoggedEvent[];
  tombstoned: boolean;
}

/** 1970-01-01 in .NET ticks. */
const UNIX_EPOCH_TICKS = 621_355_968_000_000_000n;
/** Fixed bytes each record costs in the log besides its payload, so positions are sparse like the server's. */
const RECORD_OVERHEAD = 96n;

export const metastreamOf = (streamId: string) => `$$${streamId}`;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

export class EsdbTestLog {
  private readonly streams = new Map<string, StreamState>();
  private readonly all: LoggedEvent[] = [];
  private nextPosition = 0n;
  private readonly listeners = new Set<() => void>();

  /** Events in `$all` order (every stream, system streams and deleted events included, as before a scavenge). */
  get allEvents(): readonly LoggedEvent[] {
    return this.all;
  }

  /** Called after every write, so live subscriptions can push what is new. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private stream(streamId: string): StreamState | undefined {
    return this.streams.get(streamId);
  }

  /** -1 for a stream never written (EventStoreDB's `ExpectedVersion.NoStream`). */
  private lastRevision(streamId: string): bigint {
    const events = this.stream(streamId)?.events;
    return events && events.length > 0 ? events.at(-1)!.revision : -1n;
  }

  /** The stream's metadata as JSON (the last `$metadata` event of its metastream), or undefined. */
  metadataOf(streamId: string): Record<string, unknown> | undefined {
    const last = this.stream(metastreamOf(streamId))?.events.at(-1);
    if (!last) return undefined;
    try {
      // `$tb` of a soft delete is long.MaxValue, beyond a JS number; it parses as 2^63, still "after everything".
      const parsed: unknown = JSON.parse(fromUtf8.decode(last.data));
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  private truncateBefore(streamId: string): bigint | undefined {
    const tb = this.metadataOf(streamId)?.$tb;
    if (typeof tb !== 'number') return undefined;
    return tb >= Number(DELETED_STREAM_TB) ? BigInt(DELETED_STREAM_TB) : BigInt(Math.max(0, Math.floor(tb)));
  }

  /** [CheckCommit] `IsSoftDeleted`: the stream's `$tb` is `EventNumber.DeletedStream`. */
  private isSoftDeleted(streamId: string): boolean {
    return this.truncateBefore(streamId) === BigInt(DELETED_STREAM_TB);
  }

  private write(streamId: string, proposed: readonly ProposedEvent[]): LoggedEvent[] {
    const state = this.stream(streamId) ?? { events: [], tombstoned: false };
    this.streams.set(streamId, state);
    let revision = this.lastRevision(streamId);
    const now = BigInt(Date.now()) * 10_000n + UNIX_EPOCH_TICKS;
    const written = proposed.map((event) => {
      revision += 1n;
      const record: LoggedEvent = { ...event, streamId, revision, position: this.nextPosition, created: now };
      this.nextPosition +=
        RECORD_OVERHEAD + BigInt(event.data.length + event.customMetadata.length + streamId.length);
      return record;
    });
    state.events.push(...written);
    this.all.push(...written);
    return written;
  }

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }

  private success(events: readonly LoggedEvent[]): AppendOutcome {
    const last = events.at(-1)!;
    return { kind: 'success', revision: last.revision, position: last.position };
  }

  private wrongVersion(streamId: string): AppendOutcome {
    const current = this.lastRevision(streamId);
    return { kind: 'wrong_expected_version', current: current < 0n ? 'no_stream' : current };
  }

  /** Appends atomically after the checks of [CheckCommit]; answers the last event written (or matched). */
  append(streamId: string, expected: ExpectedState, proposed: readonly ProposedEvent[]): AppendOutcome {
    const state = this.stream(streamId);
    if (state?.tombstoned) return { kind: 'stream_deleted' };
    const current = this.lastRevision(streamId);

    if (expected === 'stream_exists') {
      if (this.isSoftDeleted(streamId)) return { kind: 'stream_deleted' };
      if (current < 0n && this.lastRevision(metastreamOf(streamId)) < 0n) return this.wrongVersion(streamId);
    }

    if (expected === 'any' || expected === 'stream_exists') {
      // [CheckCommit] idempotency by event id within the stream: all known → the earlier result,
      // none → append at the end, some → "corrupted idempotency", answered as a wrong expected version.
      const known = proposed.map((event) => state?.events.find((logged) => logged.id === event.id));
      if (known.length > 0 && known.every(Boolean)) return this.success(known as LoggedEvent[]);
      if (known[0]) return this.wrongVersion(streamId);
      return this.commit(streamId, proposed);
    }

    const expectedRevision = expected === 'no_stream' ? -1n : expected;
    if (expectedRevision < current) {
      // [CheckCommit] a retry: compare the ids from expectedRevision + 1 on ([Idempotence]).
      const matched: LoggedEvent[] = [];
      for (const [offset, event] of proposed.entries()) {
        const logged = state?.events[Number(expectedRevision) + 1 + offset];
        if (logged?.id === event.id) {
          matched.push(logged);
          continue;
        }
        if (offset > 0) return this.wrongVersion(streamId);
        // A soft-deleted stream is created again by an append expecting no stream.
        if (expected === 'no_stream' && this.isSoftDeleted(streamId)) return this.commit(streamId, proposed);
        return this.wrongVersion(streamId);
      }
      return matched.length === 0 ? this.wrongVersion(streamId) : this.success(matched);
    }
    if (expectedRevision > current) return this.wrongVersion(streamId);
    return this.commit(streamId, proposed);
  }

  private commit(streamId: string, proposed: readonly ProposedEvent[]): AppendOutcome {
    const wasSoftDeleted = this.isSoftDeleted(streamId);
    const written = this.write(streamId, proposed);
    // EventStoreDB `StorageWriterService.SoftUndeleteMetastream`: writing to a soft-deleted stream
    // sets its `$tb` to the first new revision, so the old events stay hidden ([Deleting]).
    if (wasSoftDeleted && written.length > 0) {
      this.writeMetadata(streamId, { ...this.metadataOf(streamId), $tb: Number(written[0]!.revision) });
    }
    this.notify();
    if (written.length > 0) return this.success(written);
    // An empty append writes nothing and answers the current revision, without a position.
    return { kind: 'success', revision: this.lastRevision(streamId), position: -1n };
  }

  private writeMetadata(streamId: string, metadata: Record<string, unknown>, rawTb?: string) {
    let json = JSON.stringify(metadata);
    // long.MaxValue cannot round-trip through a JS number: splice the exact digits into the JSON.
    if (rawTb !== undefined) json = json.replace(/"\$tb":-?[\d.e+]+/, `"$tb":${rawTb}`);
    this.write(metastreamOf(streamId), [
      {
        id: crypto.randomUUID(),
        type: '$metadata',
        contentType: 'application/json',
        data: utf8.encode(json),
        customMetadata: new Uint8Array(),
      },
    ]);
  }

  /**
   * Soft delete ([Deleting]): checks the expected revision like an append, then writes
   * `$tb` = long.MaxValue into the stream's metadata, keeping its other keys. The events stay in
   * `$all` until a scavenge, which this server does not run.
   */
  softDelete(streamId: string, expected: ExpectedState): AppendOutcome {
    const state = this.stream(streamId);
    if (state?.tombstoned) return { kind: 'stream_deleted' };
    const current = this.lastRevision(streamId);
    const exists = current >= 0n || this.lastRevision(metastreamOf(streamId)) >= 0n;
    const conflict =
      (expected === 'no_stream' && current >= 0n) || (typeof expected === 'bigint' && expected !== current);
    // Deleting a stream that never existed (nor its metastream) answers a wrong expected version
    // (EventStoreDB #3154, the client's deleteStream tests); the adapter treats that as done.
    if (conflict || !exists) return this.wrongVersion(streamId);
    this.writeMetadata(streamId, { ...this.metadataOf(streamId), $tb: 0 }, DELETED_STREAM_TB);
    this.notify();
    const meta = this.stream(metastreamOf(streamId))!.events.at(-1)!;
    return { kind: 'success', revision: current, position: meta.position };
  }

  /** Hard delete ([Deleting]): a `$streamDeleted` event at revision long.MaxValue; the stream is gone for good. */
  tombstone(streamId: string, expected: ExpectedState): AppendOutcome {
    const state = this.stream(streamId);
    if (state?.tombstoned) return { kind: 'stream_deleted' };
    const current = this.lastRevision(streamId);
    if (
      (expected === 'no_stream' && current >= 0n) ||
      (expected === 'stream_exists' && current < 0n) ||
      (typeof expected === 'bigint' && expected !== current)
    ) {
      return this.wrongVersion(streamId);
    }
    const written = this.write(streamId, [
      {
        id: crypto.randomUUID(),
        type: '$streamDeleted',
        contentType: 'application/json',
        data: new Uint8Array(),
        customMetadata: new Uint8Array(),
      },
    ]);
    const tombstoneEvent = written[0]!;
    tombstoneEvent.revision = BigInt(DELETED_STREAM_TB);
    this.stream(streamId)!.tombstoned = true;
    this.notify();
    return { kind: 'success', revision: current, position: tombstoneEvent.position };
  }

  /**
   * A stream's events from `from` (a revision, or the start/end), forwards or backwards, at most
   * `count`. Events before `$tb` are hidden; a soft-deleted or never-written stream is not found;
   * a tombstoned one is deleted ([Deleting], [Metadata]).
   */
  readStream(
    streamId: string,
    from: bigint | 'start' | 'end',
    direction: 'forwards' | 'backwards',
    count: bigint,
  ): StreamReadOutcome {
    const state = this.stream(streamId);
    if (state?.tombstoned) return { kind: 'deleted' };
    if (!state || state.events.length === 0 || this.isSoftDeleted(streamId)) return { kind: 'not_found' };
    const tb = this.truncateBefore(streamId) ?? 0n;
    const visible = state.events.filter((event) => event.revision >= tb);
    const selected =
      direction === 'forwards'
        ? visible.filter((event) => from === 'start' || (from !== 'end' && event.revision >= from))
        : visible.filter((event) => from === 'end' || (from !== 'start' && event.revision <= from)).reverse();
    return {
      kind: 'events',
      events: count >= BigInt(selected.length) ? selected : selected.slice(0, Number(count)),
    };
  }

  /**
   * `$all` from a position: forwards includes the event at the position, backwards starts before
   * it (EventStoreDB reads `$all` by log position, TFPos). `$all` holds every stream's events,
   * deleted ones too until a scavenge ([Deleting]).
   */
  readAll(from: bigint | 'start' | 'end', direction: 'forwards' | 'backwards'): LoggedEvent[] {
    if (direction === 'forwards') {
      if (from === 'end') return [];
      return from === 'start' ? [...this.all] : this.all.filter((event) => event.position >= from);
    }
    if (from === 'start') return [];
    const before = from === 'end' ? [...this.all] : this.all.filter((event) => event.position < from);
    return before.reverse();
  }

  /** The log position after the last record: where a subscription "from the end" starts. */
  get endPosition(): bigint {
    return this.nextPosition;
  }
}
