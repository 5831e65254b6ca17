/**
 * An event a projection could not fold (its `keyOf`, `dropsKeysUnder` or `evolve` threw), set
 * aside for that projection while its checkpoint moves on (DESIGN.md "Read models"). It names the
 * event (position, stream and revision, to read it again for a retry), never its data.
 */
export interface ParkedEvent {
  projection: string;
  position: number;
  streamId: string;
  revision: number;
  type: string;
  /** The error's name and the first line of its message, with no event data (`describeFoldError`). */
  error: string;
  /** When it was parked (or last retried in vain), ISO 8601. */
  parkedAt: string;
}

export interface ParkedFilter {
  projection?: string;
  streamId?: string;
  /** At most this many, the first by position. */
  limit?: number;
}

/**
 * Where read models and checkpoints live. Synchronous on purpose: the runner writes a batch of
 * read models and the checkpoint in one transaction (DESIGN.md "Read models").
 */
export interface ReadModelStore {
  transaction<T>(work: () => T): T;
  get<State>(projection: string, key: string): State | undefined;
  put<State>(projection: string, key: string, state: State): void;
  delete(projection: string, key: string): void;
  list<State>(projection: string): { key: string; state: State }[];
  /** The read models whose key starts with `prefix`, in key order. */
  listUnder<State>(projection: string, prefix: string): { key: string; state: State }[];
  deleteUnder(projection: string, prefix: string): void;
  /** Last global position folded into the projection; null when it has seen nothing. */
  checkpoint(projection: string): number | null;
  /** Every checkpoint, by projection, in one read (a write asks for them all). */
  checkpoints(): ReadonlyMap<string, number>;
  /** Moves these projections' checkpoints to `position`, in one write (a batch moves them all). */
  setCheckpoints(projections: readonly string[], position: number): void;
  /** Records (or replaces) an event parked for its projection. */
  park(parked: ParkedEvent): void;
  unpark(projection: string, position: number): void;
  /** Parked events in position order (then by projection), of one projection or stream when given. */
  parked(filter?: ParkedFilter): ParkedEvent[];
  /** Forgets every read model, parked event and the checkpoint of a projection, for a rebuild. */
  reset(projection: string): void;
  /**
   * Replaces `target`'s read models, parked events and checkpoint with those of `source` (a shadow built aside),
   * which is then empty: call it inside `transaction`, so readers see the old or the new models.
   */
  swap(source: string, target: string): void;
  /** Every projection name that has read models, parked events or a checkpoint (shadows of rebuilds included). */
  names(): string[];
}

export const createInMemoryReadModelStore = (): ReadModelStore => {
  const models = new Map<string, Map<string, unknown>>();
  const checkpoints = new Map<string, number>();
  /** Keyed `<projection>@<position>`. */
  let parked = new Map<string, ParkedEvent>();
  const parkedKey = (projection: string, position: number) => `${projection}@${position}`;
  const dropParked = (projection: string) => {
    for (const [key, entry] of parked) if (entry.projection === projection) parked.delete(key);
  };
  const table = (projection: string) => {
    let rows = models.get(projection);
    if (!rows) models.set(projection, (rows = new Map()));
    return rows;
  };
  return {
    transaction: (work) => {
      // Copy-on-write so a failed batch leaves nothing behind, as a database transaction would.
      const snapshot = new Map([...models].map(([name, rows]) => [name, new Map(rows)]));
      const savedCheckpoints = new Map(checkpoints);
      const savedParked = new Map(parked);
      try {
        return work();
      } catch (error) {
        models.clear();
        snapshot.forEach((rows, name) => models.set(name, rows));
        checkpoints.clear();
        savedCheckpoints.forEach((position, name) => checkpoints.set(name, position));
        parked = savedParked;
        throw error;
      }
    },
    get: <State>(projection: string, key: string) =>
      structuredClone(table(projection).get(key)) as State | undefined,
    put: (projection, key, state) => void table(projection).set(key, structuredClone(state)),
    delete: (projection, key) => void table(projection).delete(key),
    list: <State>(projection: string) =>
      [...table(projection)].map(([key, state]) => ({ key, state: structuredClone(state) as State })),
    listUnder: <State>(projection: string, prefix: string) =>
      [...table(projection)]
        .filter(([key]) => key.startsWith(prefix))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, state]) => ({ key, state: structuredClone(state) as State })),
    deleteUnder: (projection, prefix) => {
      const rows = table(projection);
      for (const key of [...rows.keys()]) if (key.startsWith(prefix)) rows.delete(key);
    },
    checkpoint: (projection) => checkpoints.get(projection) ?? null,
    checkpoints: () => new Map(checkpoints),
    setCheckpoints: (projections, position) => projections.forEach((name) => checkpoints.set(name, position)),
    park: (entry) => void parked.set(parkedKey(entry.projection, entry.position), { ...entry }),
    unpark: (projection, position) => void parked.delete(parkedKey(projection, position)),
    parked: ({ projection, streamId, limit } = {}) =>
      [...parked.values()]
        .filter(
          (entry) =>
            (projection === undefined || entry.projection === projection) &&
            (streamId === undefined || entry.streamId === streamId),
        )
        .sort((a, b) => a.position - b.position || (a.projection < b.projection ? -1 : 1))
        .slice(0, limit)
        .map((entry) => ({ ...entry })),
    reset: (projection) => {
      models.delete(projection);
      checkpoints.delete(projection);
      dropParked(projection);
    },
    swap: (source, target) => {
      dropParked(target);
      for (const entry of [...parked.values()].filter((candidate) => candidate.projection === source)) {
        parked.delete(parkedKey(source, entry.position));
        parked.set(parkedKey(target, entry.position), { ...entry, projection: target });
      }
      models.set(target, models.get(source) ?? new Map());
      models.delete(source);
      const built = checkpoints.get(source);
      if (built === undefined) checkpoints.delete(target);
      else checkpoints.set(target, built);
      checkpoints.delete(source);
    },
    names: () => [
      ...new Set([
        ...[...models].filter(([, rows]) => rows.size > 0).map(([name]) => name),
        ...checkpoints.keys(),
        ...[...parked.values()].map((entry) => entry.projection),
      ]),
    ],
  };
};
