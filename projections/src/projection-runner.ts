import type { EventStore } from '@stickwork/domain';
import { applyBatch } from './fold.js';
import type { Projection } from './projection.js';
import type { ReadModelStore } from './read-model-store.js';

export interface ProjectionStatus {
  name: string;
  checkpoint: number | null;
  /** Events in the log after the checkpoint. */
  lag: number;
}

export interface RebuildProgress {
  events: number;
  position: number;
}

export interface ProjectionRunner {
  /** Keeps the read models following the log until stopped. */
  start(): void;
  stop(): Promise<void>;
  /** Folds everything the log holds now, then returns. */
  catchUp(): Promise<void>;
  /**
   * Read-your-writes: resolves true once every projection has passed `position`, false after
   * `timeoutMs` (the caller then answers with what is there).
   */
  waitFor(position: number, timeoutMs?: number): Promise<boolean>;
  /** Forgets a projection's read models and folds the whole log into them again. */
  rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildProgress>;
  status(): Promise<ProjectionStatus[]>;
}

const BATCH = 500;
const IDLE_POLL_MS = 50;

/**
 * Feeds projections from the global log. It pulls pages after the lowest checkpoint rather than
 * holding a subscription, so a rebuild by another process (the CLI) is picked up on the next
 * page, and every page is applied with its checkpoints in one transaction.
 */
export const createProjectionRunner = (
  store: EventStore,
  readModels: ReadModelStore,
  projections: readonly Projection[],
): ProjectionRunner => {
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  const lowestCheckpoint = (subset: readonly Projection[] = projections): number | null => {
    const checkpoints = subset.map((projection) => readModels.checkpoint(projection.name));
    return checkpoints.includes(null) ? null : Math.min(...(checkpoints as number[]));
  };

  /** One page; false when the log had nothing new. */
  const step = async (subset: readonly Projection[] = projections): Promise<boolean> => {
    const after = lowestCheckpoint(subset);
    const events = await store.readAll({ ...(after === null ? {} : { after }), maxCount: BATCH });
    applyBatch(readModels, subset, events, after);
    return events.length > 0;
  };

  const catchUp = async () => {
    while (await step());
  };

  const byName = (name: string) => {
    const projection = projections.find((candidate) => candidate.name === name);
    if (!projection)
      throw new Error(`Unknown projection ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
    return projection;
  };

  return {
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          const moved = await step().catch(() => false);
          if (!moved && running)
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, IDLE_POLL_MS);
            });
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
    catchUp,
    async waitFor(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const lowest = lowestCheckpoint();
        if (lowest !== null && lowest >= position) return true;
        if (Date.now() >= deadline) return false;
        // Our own write: fold it now instead of waiting for the next poll.
        if (!(await step())) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async rebuild(name, onProgress) {
      const projection = byName(name);
      readModels.transaction(() => readModels.reset(projection.name));
      let events = 0;
      let position = -1;
      for (;;) {
        const after = readModels.checkpoint(projection.name);
        const page = await store.readAll({ ...(after === null ? {} : { after }), maxCount: BATCH });
        if (page.length === 0) break;
        applyBatch(readModels, [projection], page, after);
        events += page.length;
        position = page[page.length - 1]!.position;
        onProgress?.({ events, position });
      }
      return { events, position };
    },
    async status() {
      return Promise.all(
        projections.map(async ({ name }) => {
          const checkpoint = readModels.checkpoint(name);
          const behind = await store.readAll({
            ...(checkpoint === null ? {} : { after: checkpoint }),
            maxCount: 100_000,
          });
          return { name, checkpoint, lag: behind.length };
        }),
      );
    },
  };
};
