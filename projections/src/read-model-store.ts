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
  setCheckpoint(projection: string, position: number): void;
  /** Forgets every read model and the checkpoint of a projection, for a rebuild. */
  reset(projection: string): void;
  /**
   * Replaces `target`'s read models and checkpoint with those of `source` (a shadow built aside),
   * which is then empty: call it inside `transaction`, so readers see the old or the new models.
   */
  swap(source: string, target: string): void;
  /** Every projection name that has read models or a checkpoint (shadows of rebuilds included). */
  names(): string[];
}

export const createInMemoryReadModelStore = (): ReadModelStore => {
  const models = new Map<string, Map<string, unknown>>();
  const checkpoints = new Map<string, number>();
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
      try {
        return work();
      } catch (error) {
        models.clear();
        snapshot.forEach((rows, name) => models.set(name, rows));
        checkpoints.clear();
        savedCheckpoints.forEach((position, name) => checkpoints.set(name, position));
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
    setCheckpoint: (projection, position) => void checkpoints.set(projection, position),
    reset: (projection) => {
      models.delete(projection);
      checkpoints.delete(projection);
    },
    swap: (source, target) => {
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
      ]),
    ],
  };
};
