import type { RecordedEvent } from '@stickwork/domain';
import type { Projection } from './projection.js';
import type { ParkedEvent, ReadModelStore } from './read-model-store.js';

/** One projection's read models as a fold sees them: a store's rows or a Map. */
interface Models<State> {
  get(key: string): State | undefined;
  set(key: string, state: State): void;
  delete(key: string): void;
  deleteUnder(prefix: string): void;
}

const storeModels = <State>(readModels: ReadModelStore, projection: string): Models<State> => ({
  get: (key) => readModels.get<State>(projection, key),
  set: (key, state) => readModels.put(projection, key, state),
  delete: (key) => readModels.delete(projection, key),
  deleteUnder: (prefix) => readModels.deleteUnder(projection, prefix),
});

const mapModels = <State>(models: Map<string, State>): Models<State> => ({
  get: (key) => models.get(key),
  set: (key, state) => void models.set(key, state),
  delete: (key) => void models.delete(key),
  deleteUnder: (prefix) => {
    for (const key of [...models.keys()]) if (key.startsWith(prefix)) models.delete(key);
  },
});

/** What a projection's own code threw on an event; the store's errors are never caught here. */
export interface FoldFailure {
  error: unknown;
}

/**
 * Folds one event into a projection's models. The projection's functions (`dropsKeysUnder`,
 * `keyOf`, `evolve`) all run before anything is written, so an event they throw on changes
 * nothing and comes back as a failure (the caller parks it); an error of the models themselves
 * (the store failing under us) propagates.
 */
const foldEvent = <State>(
  projection: Projection<State>,
  models: Models<State>,
  event: RecordedEvent,
): FoldFailure | null => {
  if (!projection.canHandle.includes(event.type)) return null;
  let dropped: string | null;
  let key: string | null;
  let next: State | null = null;
  try {
    dropped = projection.dropsKeysUnder?.(event) ?? null;
    key = projection.keyOf(event);
  } catch (error) {
    return { error };
  }
  if (key !== null) {
    // A key under the dropped prefix starts over, as it would after the delete below.
    const current = dropped !== null && key.startsWith(dropped) ? undefined : models.get(key);
    try {
      next = projection.evolve(current ?? projection.initialState(), event);
    } catch (error) {
      return { error };
    }
  }
  if (dropped !== null) models.deleteUnder(dropped);
  if (key === null) return null;
  if (next === null) models.delete(key);
  else models.set(key, next);
  return null;
};

const MAX_ERROR_LENGTH = 300;

/**
 * An error as a parked event and the log keep it: its name and the first line of its message,
 * cut short. ts-pattern's "no pattern matches value <JSON>" shows the value it got, which can be
 * event data (personal data): that part is left out.
 */
export const describeFoldError = (error: unknown): string => {
  const name = error instanceof Error ? error.name : 'Error';
  const message = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!;
  const shown = message.replace(/(no pattern matches value).*$/, '$1 (not shown)');
  return `${name}: ${shown}`.slice(0, MAX_ERROR_LENGTH);
};

export const parkedEventOf = (
  projection: string,
  event: RecordedEvent,
  error: unknown,
  parkedAt: string,
): ParkedEvent => ({
  projection,
  position: event.position,
  streamId: event.streamId,
  revision: event.revision,
  type: event.type,
  error: describeFoldError(error),
  parkedAt,
});

export interface ApplyBatchOptions {
  /** Called once for each event a projection parked, after its transaction committed. */
  onParked?: (parked: ParkedEvent) => void;
  /** The time a parked event records; default now. */
  now?: () => Date;
  /**
   * The checkpoints as read under the write lock the caller already holds (a fold inside an
   * append's transaction): not read again.
   */
  checkpoints?: ReadonlyMap<string, number>;
}

/**
 * Applies a batch of events, read from the log after position `readAfter` (null: from the
 * start), to each projection's read models and moves its checkpoint past the batch. All
 * projections commit in one transaction (one write lock taken per batch, not one per projection:
 * processes folding beside each other queue on it), each inside a savepoint of its own, so one
 * projection's trouble is rolled back alone and never holds back another. An event a
 * projection's code throws on is parked for that projection (`ReadModelStore.park`, in the same
 * transaction) and its checkpoint moves on. Events at or before a projection's checkpoint are
 * skipped, so a batch delivered twice changes nothing; a projection whose checkpoint is now
 * before `readAfter` (another process rebuilt it meanwhile) is left alone, since the batch would
 * leave a gap: the next read starts from its checkpoint. When the store fails for a projection,
 * the others still commit, then the first such error is thrown (the runner reads again).
 */
export const applyBatch = (
  readModels: ReadModelStore,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  readAfter: number | null,
  { onParked, now = () => new Date(), checkpoints: underLock }: ApplyBatchOptions = {},
): void => {
  if (events.length === 0) return;
  const last = events[events.length - 1]!.position;
  let failure: { error: unknown } | undefined;
  // Already folded (the runner and a command's read-your-writes wait fold the same events, maybe in
  // other processes): no write transaction to take. The checkpoint is checked again inside it.
  const before = underLock ?? readModels.checkpoints();
  const behind = projections.filter((projection) => (before.get(projection.name) ?? -1) < last);
  if (behind.length === 0) return;
  const parked: ParkedEvent[] = [];
  /** The projections whose savepoint folded the batch: their checkpoints move past it together. */
  const moved: string[] = [];
  const foldEach = () => {
    // Read once under the write lock: each projection below moves only its own checkpoint.
    const checkpoints = underLock ?? readModels.checkpoints();
    for (const projection of behind)
      try {
        // Nested in the batch's transaction, this is a savepoint: a failure undoes this projection only.
        const folded = foldProjectionBatch(projection, checkpoints.get(projection.name) ?? -1);
        if (folded === null) continue;
        parked.push(...folded);
        moved.push(projection.name);
      } catch (error) {
        failure ??= { error };
      }
    // The folded projections' checkpoints, in the same transaction as their rows.
    if (moved.length > 0) readModels.setCheckpoints(moved, last);
  };
  /** The events it parked, or null when it had nothing to fold (already past, or left alone). */
  const foldProjectionBatch = (projection: Projection, checkpoint: number) =>
    readModels.transaction((): ParkedEvent[] | null => {
      if (checkpoint < (readAfter ?? -1) || last <= checkpoint) return null;
      const models = storeModels(readModels, projection.name);
      const parkedHere: ParkedEvent[] = [];
      for (const event of events) {
        if (event.position <= checkpoint) continue;
        const failed = foldEvent(projection, models, event);
        if (failed === null) continue;
        const entry = parkedEventOf(projection.name, event, failed.error, now().toISOString());
        readModels.park(entry);
        parkedHere.push(entry);
      }
      return parkedHere;
    });
  try {
    readModels.transaction(foldEach);
  } catch (error) {
    // The batch's commit failed (the file refuses writes): nothing of it was kept.
    failure ??= { error };
    parked.length = 0;
  }
  parked.forEach((entry) => onParked?.(entry));
  if (failure) throw failure.error;
};

/**
 * A read model computed straight from events, without a store: for replays and checks. An event
 * the projection cannot fold is skipped, as the runner parks it, and handed to `onFailure`.
 */
export const foldProjection = <State>(
  projection: Projection<State>,
  events: readonly RecordedEvent[],
  onFailure?: (event: RecordedEvent, error: unknown) => void,
): Map<string, State> => {
  const models = new Map<string, State>();
  const target = mapModels(models);
  for (const event of events) {
    const failed = foldEvent(projection, target, event);
    if (failed !== null) onFailure?.(event, failed.error);
  }
  return models;
};

/** Folds one event into a projection's stored read models (a retry of a parked event). */
export const foldIntoStore = (
  readModels: ReadModelStore,
  projection: Projection,
  event: RecordedEvent,
): FoldFailure | null => foldEvent(projection, storeModels(readModels, projection.name), event);
