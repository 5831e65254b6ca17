import { randomUUID } from 'node:crypto';
import type { AllSubscription, EventStore, EventStoreKind, RecordedEvent } from '@stickwork/domain';
import { applyBatch, describeFoldError, foldIntoStore } from './fold.js';
import type { Projection } from './projection.js';
import type { ParkedEvent, ReadModelStore } from './read-model-store.js';

export interface ProjectionLag {
  /** The log holds events after the checkpoint. */
  behind: boolean;
  /**
   * Events after the checkpoint, at most (0 when not behind). Where positions number the events
   * (SQLite, in memory) it is the last position minus the checkpoint: a deleted stream leaves
   * gaps, so fewer may be left. Null where positions are byte offsets (EventStoreDB's commit
   * positions) and the projection is behind: the count is not known without reading the events.
   */
  lag: number | null;
}

/**
 * How far a checkpoint is behind the log's last position, without reading events: a health
 * poll must not cost a scan of the log.
 */
export const projectionLag = (
  kind: EventStoreKind,
  checkpoint: number | null,
  lastPosition: number | null,
): ProjectionLag => {
  const behind = lastPosition !== null && lastPosition > (checkpoint ?? Number.NEGATIVE_INFINITY);
  if (!behind) return { behind, lag: 0 };
  // Positions start at 1 where they number the events.
  return { behind, lag: kind === 'eventstoredb' ? null : lastPosition - (checkpoint ?? 0) };
};

export interface ProjectionStatus extends ProjectionLag {
  name: string;
  checkpoint: number | null;
  /** Position of the last event in the log (null when it is empty). */
  lastPosition: number | null;
  /** Events parked for it (see `parked`). */
  parked: number;
}

export interface RetryResult {
  /** Folded into the current read models and no longer parked. */
  folded: ParkedEvent[];
  /** Still failing: parked again with the new error. */
  failed: ParkedEvent[];
  /** No longer in the log (the stream was erased): nothing to fold, no longer parked. */
  gone: ParkedEvent[];
}

/** The part of a pino logger the runner uses (no personal data is ever passed). */
export interface RunnerLogger {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ProjectionRunnerOptions {
  /** Parked events (once each) and a failing store (once per run of failures) are logged here. */
  logger?: RunnerLogger;
  /** The time a parked event records; default now. */
  now?: () => Date;
}

export interface RebuildProgress {
  events: number;
  position: number;
}

export interface RebuildResult extends RebuildProgress {
  /** Stopped through its signal before the swap: the shadow was dropped, the live models are untouched. */
  interrupted: boolean;
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
  /**
   * One write, one transaction (issue 37): given as a command's `AppendOptions.inTransaction`, it
   * folds the command's own events into every read model inside the append's transaction, when
   * every read model has folded all that came before them; the events, the read models and their
   * checkpoints then commit together, and the writer's `waitFor` finds them folded. Otherwise
   * (a projection behind, being built) it does nothing and the runner folds them as before. It
   * never throws: a fold that fails leaves the events to the runner, and the append stands.
   */
  foldAppended(recorded: readonly RecordedEvent[]): void;
  /**
   * Folds the whole log into a shadow of the projection and swaps it in one transaction; the
   * count is the events this rebuild folded.
   */
  rebuild(
    name: string,
    onProgress?: (progress: RebuildProgress) => void,
    signal?: AbortSignal,
  ): Promise<RebuildResult>;
  status(): Promise<ProjectionStatus[]>;
  /** Events parked for `name` (every projection when omitted), in position order. */
  parked(name?: string): ParkedEvent[];
  /**
   * Folds the events parked for `name` again, in position order, each into the read models as
   * they are now (after the events that followed it: a fold that depends on order can then
   * differ from a rebuild, which `projections verify` reports and `rebuild` repairs). Each event
   * is read from the log again, so a fixed projection or a repaired event is what folds.
   */
  retry(name: string): Promise<RetryResult>;
}

const BATCH = 500;
/**
 * A rebuild folds the log into `<name>__shadow_<pid>_<id>` and swaps it in; live readers never
 * see it, and two rebuilds at once (a server starting, an operator) each build their own. The
 * read models are a local SQLite file, so every process that builds a shadow runs on this host:
 * a shadow whose process is gone (killed mid-rebuild) is dropped by the next rebuild or start,
 * so no stale copy of a read model (with personal data an erasure scrubbed) outlives it.
 */
export const shadowName = (name: string, owner: number = process.pid): string =>
  `${name}__shadow_${owner}_${randomUUID().slice(0, 8)}`;
const SHADOW = /__shadow_(\d+)_[0-9a-f]+$/;

const isRunning = (pid: number): boolean => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Times a rebuild folds what the log gained meanwhile before it swaps in anyway (the runner then catches up). */
const SWAP_ATTEMPTS = 5;
const RESUBSCRIBE_AFTER_ERROR_MS = 500;

const NOT_READY = Symbol('not ready');
const nextMacrotask = () =>
  new Promise<typeof NOT_READY>((resolve) => setImmediate(() => resolve(NOT_READY)));

/**
 * Feeds projections from the global log. A started runner follows the store through the port's
 * subscription (catch-up, then live) from the lowest checkpoint, and applies what has arrived in
 * batches, each with its checkpoints in one transaction. When another process moves a checkpoint
 * back (a rebuild swapped in), it subscribes again from there. A rebuild folds the whole log into
 * shadow rows aside and swaps them in one transaction, so the live models are never empty or
 * half built, and it counts only the events it folded itself.
 */
export const createProjectionRunner = (
  store: EventStore,
  readModels: ReadModelStore,
  projections: readonly Projection[],
  { logger, now = () => new Date() }: ProjectionRunnerOptions = {},
): ProjectionRunner => {
  let running = false;
  /** The store failed under the loop, and it has not applied a batch since (logged once). */
  let failing = false;
  const applyOptions = (as?: string) => ({
    now,
    onParked: ({ projection, position, type, error }: ParkedEvent) =>
      logger?.error(
        { projection: as ?? projection, position, type, error },
        'projection parked an event it cannot fold; the other events and projections go on',
      ),
  });
  let loop: Promise<void> | undefined;
  let subscription: AllSubscription | undefined;
  let pause: (() => void) | undefined;
  let stopRebuilds: (() => void) | undefined;

  const lowestCheckpoint = (
    subset: readonly Projection[] = projections,
    checkpoints = readModels.checkpoints(),
  ): number | null => {
    let lowest = Number.POSITIVE_INFINITY;
    for (const { name } of subset) lowest = Math.min(lowest, checkpoints.get(name) ?? Number.NaN);
    return Number.isNaN(lowest) ? null : lowest;
  };

  /** One page; false when the log had nothing new. */
  const step = async (subset: readonly Projection[] = projections): Promise<boolean> => {
    const after = lowestCheckpoint(subset);
    const events = await store.readAll({ ...(after === null ? {} : { after }), maxCount: BATCH });
    applyBatch(readModels, subset, events, after, applyOptions());
    return events.length > 0;
  };

  const catchUp = async () => {
    while (await step());
  };

  /**
   * One subscription from the lowest checkpoint: events that arrived together are applied as one
   * batch. Returns when stopped, or when a checkpoint fell behind what was delivered (resubscribe).
   */
  const follow = async () => {
    const from = lowestCheckpoint();
    const current = store.subscribeToAll(from === null ? {} : { after: from });
    subscription = current;
    const events = current[Symbol.asyncIterator]();
    let delivered = from;
    try {
      let pending = events.next();
      while (running) {
        const first = await pending;
        if (first.done) return;
        const batch = [first.value];
        pending = events.next();
        while (batch.length < BATCH) {
          const ready = await Promise.race([pending, nextMacrotask()]);
          if (ready === NOT_READY || ready.done) break;
          batch.push(ready.value);
          pending = events.next();
        }
        applyBatch(readModels, projections, batch, delivered, applyOptions());
        if (failing) {
          failing = false;
          logger?.info({ position: batch[batch.length - 1]!.position }, 'projection runner resumed');
        }
        delivered = batch[batch.length - 1]!.position;
        const lowest = lowestCheckpoint();
        if ((lowest ?? -1) < delivered) return;
      }
    } finally {
      subscription = undefined;
      await current.unsubscribe();
    }
  };

  const byName = (name: string) => {
    const projection = projections.find((candidate) => candidate.name === name);
    if (!projection)
      throw new Error(`Unknown projection ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
    return projection;
  };

  /** Shadows left by a process that died mid-rebuild. */
  const dropAbandonedShadows = () => {
    const abandoned = readModels.names().filter((candidate) => {
      const owner = SHADOW.exec(candidate)?.[1];
      return owner !== undefined && !isRunning(Number(owner));
    });
    if (abandoned.length > 0)
      readModels.transaction(() => abandoned.forEach((shadow) => readModels.reset(shadow)));
  };

  const rebuild: ProjectionRunner['rebuild'] = async (name, onProgress, signal) => {
    const live = byName(name);
    dropAbandonedShadows();
    const shadow: Projection = { ...live, name: shadowName(name) };
    readModels.transaction(() => readModels.reset(shadow.name));
    let events = 0;
    let position = -1;
    for (let attempt = 1; ; attempt++) {
      for (;;) {
        // A turn for the event loop between pages: requests (or Ctrl-C) are not held up.
        await new Promise((resolve) => setImmediate(resolve));
        if (signal?.aborted) {
          readModels.transaction(() => readModels.reset(shadow.name));
          return { events, position, interrupted: true };
        }
        const after = readModels.checkpoint(shadow.name);
        const page = await store.readAll({ ...(after === null ? {} : { after }), maxCount: BATCH });
        if (page.length === 0) break;
        applyBatch(readModels, [shadow], page, after, applyOptions(name));
        events += page.length;
        position = page[page.length - 1]!.position;
        onProgress?.({ events, position });
      }
      // Swap only a shadow at least as far as the live models, unless writes keep outrunning us.
      const swapped = readModels.transaction(() => {
        const built = readModels.checkpoint(shadow.name) ?? -1;
        if (attempt < SWAP_ATTEMPTS && built < (readModels.checkpoint(name) ?? -1)) return false;
        readModels.swap(shadow.name, name);
        return true;
      });
      if (swapped) return { events, position, interrupted: false };
    }
  };

  /** Rows an earlier version of a projection kept under another name, once the projection is built. */
  const dropFormerModels = () => {
    // A projection's rows and checkpoint are written and reset together: a checkpoint marks rows.
    const former = projections.flatMap((projection) =>
      readModels.checkpoint(projection.name) === null
        ? []
        : (projection.formerNames ?? []).filter((name) => readModels.checkpoint(name) !== null),
    );
    if (former.length > 0) readModels.transaction(() => former.forEach((name) => readModels.reset(name)));
  };

  /** Projections without a checkpoint (new, or reset by a rebuild elsewhere) while the log has events. */
  const unbuilt = async () => {
    const missing = projections.filter((projection) => readModels.checkpoint(projection.name) === null);
    return missing.length === 0 || (await store.readAll({ maxCount: 1 })).length === 0 ? [] : missing;
  };

  return {
    start() {
      if (running) return;
      running = true;
      const stopping = new AbortController();
      stopRebuilds = () => stopping.abort();
      loop = (async () => {
        dropAbandonedShadows();
        while (running) {
          try {
            // A projection the server has never folded (new, or reset) is built aside and swapped
            // in whole, so it is never served half-built while the runner catches up.
            for (const projection of await unbuilt())
              if (running) await rebuild(projection.name, undefined, stopping.signal);
            dropFormerModels();
            await follow();
          } catch (error) {
            // A store that failed under us (busy, reconnecting, full): subscribe again shortly,
            // saying so once for a run of failures.
            if (running && !failing) {
              failing = true;
              logger?.error(
                { error: describeFoldError(error) },
                'projection runner failed; reading again every 0.5 s',
              );
            }
            if (running)
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, RESUBSCRIBE_AFTER_ERROR_MS);
                pause = () => {
                  clearTimeout(timer);
                  resolve();
                };
              });
          }
        }
      })();
    },
    async stop() {
      running = false;
      stopRebuilds?.();
      pause?.();
      await subscription?.unsubscribe();
      await loop;
    },
    catchUp,
    async waitFor(position, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const lowest = lowestCheckpoint();
        if (lowest !== null && lowest >= position) return true;
        if (Date.now() >= deadline) return false;
        // Our own write: fold it now instead of waiting for the subscription. A store failing
        // meanwhile is the runner's to report: the writer only waits (bounded) and answers.
        const folded = await step().catch(() => false);
        if (!folded) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    foldAppended(recorded) {
      const first = recorded[0];
      try {
        // Inside the append's transaction: the checkpoints read here hold until it commits.
        const checkpoints = readModels.checkpoints();
        const lowest = lowestCheckpoint(projections, checkpoints);
        if (first === undefined || (lowest ?? 0) !== first.position - 1) return;
        applyBatch(readModels, projections, recorded, lowest, { ...applyOptions(), checkpoints });
      } catch {
        // The store refused the fold: the runner folds these events again (and reports a store
        // that keeps failing); the command's events stand.
      }
    },
    rebuild,
    async status() {
      const lastPosition = await store.lastPosition();
      return projections.map(({ name }) => {
        const checkpoint = readModels.checkpoint(name);
        return {
          name,
          checkpoint,
          lastPosition,
          ...projectionLag(store.kind, checkpoint, lastPosition),
          parked: readModels.parked({ projection: name }).length,
        };
      });
    },
    parked: (name) => readModels.parked(name === undefined ? {} : { projection: name }),
    async retry(name) {
      const projection = byName(name);
      const result: RetryResult = { folded: [], failed: [], gone: [] };
      for (const entry of readModels.parked({ projection: name })) {
        const [event] = await store.readStream(entry.streamId, { fromRevision: entry.revision, maxCount: 1 });
        readModels.transaction(() => {
          // Only what is still parked: another retry or a rebuild may have come first.
          const still = readModels
            .parked({ projection: name, streamId: entry.streamId })
            .some((candidate) => candidate.position === entry.position);
          if (!still) return;
          // The same event: its revision, and its position where the store gives one on a stream
          // read (EventStoreDB before 22.6 does not). A deleted stream's revisions never return.
          const same =
            event?.revision === entry.revision && (event.position === entry.position || event.position < 0);
          if (!same) {
            readModels.unpark(name, entry.position);
            result.gone.push(entry);
            return;
          }
          const failed = foldIntoStore(readModels, projection, { ...event, position: entry.position });
          if (failed === null) {
            readModels.unpark(name, entry.position);
            result.folded.push(entry);
            return;
          }
          const again = { ...entry, error: describeFoldError(failed.error), parkedAt: now().toISOString() };
          readModels.park(again);
          result.failed.push(again);
        });
      }
      return result;
    },
  };
};
