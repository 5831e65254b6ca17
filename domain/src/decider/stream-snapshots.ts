import type { EventStore, RecordedEvent } from '../event-store/event-store.js';
import {
  foldFrom,
  readableDomainEvents,
  type Decider,
  type DomainCommand,
  type DomainEvent,
} from './decider.js';

/**
 * Snapshots keep a command's cost flat: a stream's decision state is stored with the
 * revision and id of the last event folded into it, and a command reads only the events after it.
 *
 * Correctness never depends on a snapshot being fresh: the events after it are read from the store,
 * so several server processes (or the CLI) writing the same stream stay correct. A snapshot is only
 * trusted when the store still holds its last event at its revision (same id); a deleted and
 * re-created stream, an erased history or a snapshot of an older state schema is ignored and the
 * state is folded from the log again. The one read spared: where the store marks streams
 * (`streamMark`) and the mark has not moved since the state in memory was the stream's (read, or
 * made by this process's own append), nobody has written the stream since.
 */

/** One stored snapshot; `state` is JSON-ready (what the codec's `encode` made). */
export interface StreamSnapshot {
  streamId: string;
  /** Revision of the last event folded into the state. */
  revision: number;
  /** Id of that event: a snapshot of a stream that was deleted and written again does not match. */
  lastEventId: string;
  /** The state codec's schema version when it was written. */
  schemaVersion: number;
  state: unknown;
}

/** The port: where snapshots outlive the process (SQLite table, in-memory for tests). */
export interface SnapshotStore {
  load(streamId: string): Promise<StreamSnapshot | undefined>;
  save(snapshot: StreamSnapshot): Promise<void>;
  delete(streamId: string): Promise<void>;
}

export const createInMemorySnapshotStore = (): SnapshotStore & { readonly size: number } => {
  const snapshots = new Map<string, StreamSnapshot>();
  return {
    get size() {
      return snapshots.size;
    },
    load: async (streamId) => snapshots.get(streamId),
    save: async (snapshot) => void snapshots.set(snapshot.streamId, snapshot),
    delete: async (streamId) => void snapshots.delete(streamId),
  };
};

/** How a decider's state becomes JSON and back. Bump `schemaVersion` whenever the state's shape changes. */
export interface StateCodec<State> {
  schemaVersion: number;
  encode(state: State): unknown;
  decode(json: unknown): State;
}

/** A stream's state and where it stands. */
export interface StreamState<State> {
  state: State;
  /** What the next append expects. */
  revision: number | 'no_stream';
}

interface CachedState<State> {
  state: State;
  revision: number;
  lastEventId: string;
  /** Revision of the snapshot in the snapshot store (-1: none). */
  persistedRevision: number;
  /** The event store's `streamMark` when `state` was the stream's, where it gives one. */
  mark?: string | undefined;
}

/** The stream as a command's own append left it: its state after the events, and where it stands. */
export interface AppendedState<State> {
  state: State;
  revision: number;
  lastEventId: string;
  /** The event store's `streamMark`, taken inside the append's transaction (no other writer then). */
  mark: string;
}

export interface SnapshotOptions {
  /** Persist a snapshot once the state is this many events ahead of the stored one. Default 50. */
  persistEvery?: number;
  /**
   * Decoded states kept in memory (least recently used dropped first). Default 500 streams: the
   * state of a year of daily practice is some 100 kB.
   */
  maxInMemory?: number;
}

/**
 * Snapshots of one decider's streams: decoded states in memory (so a command neither reads nor
 * decodes a stored snapshot) in front of a snapshot store, which is written every `persistEvery`
 * events so a restart folds at most that many events per stream.
 * `store` may be undefined: states are then only kept in memory.
 */
export interface Snapshots<State> {
  readonly codec: StateCodec<State>;
  /** Loads a stream's state: snapshot + events after it, or the whole stream. */
  load<Event extends DomainEvent>(
    events: EventStore,
    streamId: string,
    decider: Pick<Decider<State, DomainCommand, Event>, 'initialState' | 'evolve' | 'evolveAll'>,
    schemaVersions: Readonly<Record<Event['type'], number>>,
  ): Promise<StreamState<State>>;
  /**
   * Keeps the state a command's own append made (after the append resolved: it committed), so the
   * next load reads nothing while the store's mark has not moved; persisted as a load would.
   */
  appended(streamId: string, appended: AppendedState<State>): Promise<void>;
  /** Drops the stream's snapshot (memory and store), e.g. after an erasure. */
  forget(streamId: string): Promise<void>;
}

export const createSnapshots = <State>(
  codec: StateCodec<State>,
  store: SnapshotStore | undefined,
  options: SnapshotOptions = {},
): Snapshots<State> => {
  const persistEvery = options.persistEvery ?? 50;
  const maxInMemory = options.maxInMemory ?? 500;
  const memory = new Map<string, CachedState<State>>();

  const remember = (streamId: string, cached: CachedState<State>) => {
    memory.delete(streamId); // re-inserted last: the Map's order is the recency order
    memory.set(streamId, cached);
    if (memory.size > maxInMemory) memory.delete(memory.keys().next().value as string);
  };

  /** Remembers `next`, first persisting it when it is `persistEvery` events past the stored snapshot. */
  const keep = async (streamId: string, next: CachedState<State>) => {
    if (store && next.revision - next.persistedRevision >= persistEvery) {
      await store.save({
        streamId,
        revision: next.revision,
        lastEventId: next.lastEventId,
        schemaVersion: codec.schemaVersion,
        state: codec.encode(next.state),
      });
      next.persistedRevision = next.revision;
    }
    remember(streamId, next);
  };

  /** The snapshot store's state of the stream (a state of another codec version is none). */
  const persisted = async (streamId: string): Promise<CachedState<State> | undefined> => {
    const stored = await store?.load(streamId);
    if (!stored || stored.schemaVersion !== codec.schemaVersion) return undefined;
    return {
      state: codec.decode(stored.state),
      revision: stored.revision,
      lastEventId: stored.lastEventId,
      persistedRevision: stored.revision,
    };
  };

  return {
    codec,
    async load<Event extends DomainEvent>(
      events: EventStore,
      streamId: string,
      decider: Pick<Decider<State, DomainCommand, Event>, 'initialState' | 'evolve' | 'evolveAll'>,
      schemaVersions: Readonly<Record<Event['type'], number>>,
    ): Promise<StreamState<State>> {
      // Taken before the read: a write after it moves the mark, and the next load reads again.
      const mark = events.streamMark?.(streamId);
      const inMemory = memory.get(streamId);
      if (inMemory && mark !== undefined && inMemory.mark === mark) {
        remember(streamId, inMemory);
        return { state: inMemory.state, revision: inMemory.revision };
      }
      const from = inMemory ?? (await persisted(streamId));
      let base: State = decider.initialState();
      let recorded: RecordedEvent[];
      let persistedRevision = -1;
      if (from) {
        // From the snapshot's own last event: it proves the snapshot still belongs to this stream.
        const tail = await events.readStream(streamId, { fromRevision: from.revision });
        if (tail[0]?.id === from.lastEventId) {
          base = from.state;
          recorded = tail.slice(1);
          persistedRevision = from.persistedRevision;
        } else {
          memory.delete(streamId);
          recorded = await events.readStream(streamId);
        }
      } else {
        recorded = await events.readStream(streamId);
      }
      const last = recorded.at(-1);
      if (!last) {
        if (from && base === from.state) {
          remember(streamId, { ...from, mark });
          return { state: from.state, revision: from.revision };
        }
        return { state: base, revision: 'no_stream' };
      }
      const state = foldFrom(decider, base, readableDomainEvents<Event>(recorded, schemaVersions));
      await keep(streamId, { state, revision: last.revision, lastEventId: last.id, persistedRevision, mark });
      return { state, revision: last.revision };
    },
    async appended(streamId, { state, revision, lastEventId, mark }) {
      const persistedRevision = memory.get(streamId)?.persistedRevision ?? -1;
      await keep(streamId, { state, revision, lastEventId, persistedRevision, mark });
    },
    async forget(streamId) {
      memory.delete(streamId);
      await store?.delete(streamId);
    },
  };
};

/** A stream's state through snapshots when given, else by folding the whole stream. */
export const loadStreamState = async <State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, DomainCommand, Event>, 'initialState' | 'evolve' | 'evolveAll'>,
  schemaVersions: Readonly<Record<Event['type'], number>>,
  snapshots?: Snapshots<State>,
): Promise<StreamState<State>> => {
  if (snapshots) return snapshots.load(store, streamId, decider, schemaVersions);
  const recorded = await store.readStream(streamId);
  const last = recorded.at(-1);
  return {
    state: foldFrom(decider, decider.initialState(), readableDomainEvents<Event>(recorded, schemaVersions)),
    revision: last === undefined ? 'no_stream' : last.revision,
  };
};
