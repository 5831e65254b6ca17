import type { EventStore, RecordedEvent } from '@stickwork/domain';
import { foldProjection, type Projection, type ReadModelStore } from '@stickwork/projections';

const PAGE = 5000;

/** The global log up to and including `upTo`, read in pages. */
export const readLog = async (store: EventStore, upTo: number): Promise<RecordedEvent[]> => {
  const log: RecordedEvent[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: PAGE });
    for (const event of page) if (event.position <= upTo) log.push(event);
    if (page.length < PAGE || page.at(-1)!.position >= upTo) return log;
    after = page.at(-1)!.position;
  }
};

/** JSON with object keys sorted, so equal states compare equal whatever order their keys were set in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

export interface ProjectionCheck {
  name: string;
  checkpoint: number | null;
  readModels: number;
  /**
   * Keys whose stored read model differs from a fresh fold of the log (missing, extra or
   * different), then `#<position> parked, folds now` (a fix since: run projections retry) and
   * `#<position> fails, not parked`.
   */
  differences: string[];
  /** Events parked for it: a fresh fold skips those it cannot fold, as the runner did. */
  parked: number;
  matches: boolean;
}

/**
 * Compares a projection's stored read models with `foldProjection` over the log up to their
 * checkpoint, and its parked events with the events that fold fails on. Models, parked events and
 * checkpoint are read in one transaction, so a server writing meanwhile cannot make them disagree.
 */
export const verifyProjection = async (
  store: EventStore,
  readModels: ReadModelStore,
  projection: Projection,
): Promise<ProjectionCheck> => {
  const { checkpoint, stored, parked } = readModels.transaction(() => ({
    checkpoint: readModels.checkpoint(projection.name),
    stored: readModels.list(projection.name),
    parked: new Set(readModels.parked({ projection: projection.name }).map((event) => event.position)),
  }));
  const failing = new Set<number>();
  const expected = foldProjection(
    projection,
    checkpoint === null ? [] : await readLog(store, checkpoint),
    (event) => failing.add(event.position),
  );
  const actual = new Map(stored.map(({ key, state }) => [key, canonical(state)]));
  const differences = [...new Set([...actual.keys(), ...expected.keys()])]
    .filter((key) => actual.get(key) !== (expected.has(key) ? canonical(expected.get(key)) : undefined))
    .sort();
  differences.push(
    ...[...parked].filter((position) => !failing.has(position)).map((p) => `#${p} parked, folds now`),
    ...[...failing].filter((position) => !parked.has(position)).map((p) => `#${p} fails, not parked`),
  );
  return {
    name: projection.name,
    checkpoint,
    readModels: stored.length,
    differences,
    parked: parked.size,
    matches: differences.length === 0,
  };
};
