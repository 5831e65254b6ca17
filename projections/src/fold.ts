import type { RecordedEvent } from '@stickwork/domain';
import type { Projection } from './projection.js';
import type { ReadModelStore } from './read-model-store.js';

/**
 * Applies a batch of events, read from the log after position `readAfter` (null: from the
 * start), to the projections' read models and moves each checkpoint past the batch, all in one
 * transaction. Events at or before a projection's checkpoint are skipped, so a batch delivered
 * twice changes nothing; a projection whose checkpoint is now before `readAfter` (another
 * process rebuilt it meanwhile) is left alone, since the batch would leave a gap: the next
 * read starts from its checkpoint.
 */
export const applyBatch = (
  readModels: ReadModelStore,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
  readAfter: number | null,
): void => {
  if (events.length === 0) return;
  const last = events[events.length - 1]!.position;
  readModels.transaction(() => {
    for (const projection of projections) {
      const checkpoint = readModels.checkpoint(projection.name) ?? -1;
      if (checkpoint < (readAfter ?? -1)) continue;
      for (const event of events) {
        if (event.position <= checkpoint || !projection.canHandle.includes(event.type)) continue;
        const dropped = projection.dropsKeysUnder?.(event) ?? null;
        if (dropped !== null) readModels.deleteUnder(projection.name, dropped);
        const key = projection.keyOf(event);
        if (key === null) continue;
        const state = readModels.get(projection.name, key) ?? projection.initialState();
        const next = projection.evolve(state, event);
        if (next === null) readModels.delete(projection.name, key);
        else readModels.put(projection.name, key, next);
      }
      if (last > checkpoint) readModels.setCheckpoint(projection.name, last);
    }
  });
};

/** A read model computed straight from events, without a store: for replays and checks. */
export const foldProjection = <State>(
  projection: Projection<State>,
  events: readonly RecordedEvent[],
): Map<string, State> => {
  const models = new Map<string, State>();
  for (const event of events) {
    if (!projection.canHandle.includes(event.type)) continue;
    const dropped = projection.dropsKeysUnder?.(event) ?? null;
    if (dropped !== null)
      for (const key of [...models.keys()]) if (key.startsWith(dropped)) models.delete(key);
    const key = projection.keyOf(event);
    if (key === null) continue;
    const next = projection.evolve(models.get(key) ?? projection.initialState(), event);
    if (next === null) models.delete(key);
    else models.set(key, next);
  }
  return models;
};
