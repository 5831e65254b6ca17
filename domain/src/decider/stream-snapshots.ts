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
 * Correctness never depends on a snapshot being fresh: the events after it are always read from
 * the store, so several server processes (or the CLI) writing the same stream stay correct. A
 * snapshot is only trusted when the store still holds its last event at its revision (same id);
 * a deleted and re-created stream, an erased history or a snapshot of an older state schema is
 * ignored and the state is folded from the log again.
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

  const cached = async (streamId: string): Promise<CachedState<State> | undefined> => {
    const inMemory = memory.get(streamId);
    if (inMemory) return inMemory;
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
      const from = await cached(streamId);
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
          remember(streamId, from);
          return { state: from.state, revision: from.revision };
        }
        return { state: base, revision: 'no_stream' };
      }
      const state = foldFrom(decider, base, readableDomainEvents<Event>(recorded, schemaVersions));
      const next: CachedState<State> = {
        state,
        revision: last.revision,
        lastEventId: last.id,
        persistedRevision,
      };
      if (store && last.revision - persistedRevision >= persistEvery) {
        await store.save({
          streamId,
          revision: last.revision,
          lastEventId: last.id,
          schemaVersion: codec.schemaVersion,
          state: codec.encode(state),
        });
        next.persistedRevision = last.revision;
      }
      remember(streamId, next);
      return { state, revision: last.revision };
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
