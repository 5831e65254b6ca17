import express from 'express';
import { ALL_PROJECTIONS, projectionLag, type ParkedEvent } from '@stickwork/projections';
import type { Backend } from '../backend.js';

/** Parked events are counted up to this many. */
const PARKED_COUNT_LIMIT = 10_000;
/** Parked events listed (the first by position); `parkedCount` says how many there are up to the count limit. */
const PARKED_LISTED = 20;

/**
 * GET /api/health (fit for polling): whether the store answers a read and takes a write (a cheap
 * probe, so a full disk shows here), and how far each projection's checkpoint is behind the log's
 * last position, from the checkpoints table and one `lastPosition()` (no events are read, however
 * far behind), and the events a projection parked (could not fold: the others went on). 503 when
 * the store cannot read or write; a lagging projection is reported, not an outage; a parked event
 * makes the answer 200 `degraded`. With DATABASE_URL, `sharedStore` says whether PostgreSQL (the
 * personal-data keys, rate limits and shared leases) answers: 503 when it does not, since every
 * request that needs a key or a limit answers 503 meanwhile.
 *
 * `{ status: 'ok' | 'degraded' | 'unavailable', store: { kind, ok, canWrite },
 *    sharedStore?: { kind: 'postgresql', ok },
 *    projections: { caughtUp, lastPosition, checkpoints: { [name]: position | null },
 *      lag, behind: { [name]: events }, parked: [{ projection, position, type, error }],
 *      parkedCount } }`
 *
 * `behind[name]` counts events at most (SQLite: positions number the events, a deleted stream
 * leaves gaps); on EventStoreDB positions are byte offsets, so a projection behind there is
 * `null` (by an unknown count) and `caughtUp` is false. `lag` is the largest, or null if any is.
 */
export const healthRouter = (
  backend: Pick<Backend, 'store' | 'readModels' | 'probeWrite'> & Partial<Pick<Backend, 'probeShared'>>,
  projectionNames: readonly string[] = ALL_PROJECTIONS.map((projection) => projection.name),
) =>
  express.Router().get('/health', async (req, res) => {
    const { store } = backend;
    let readable = true;
    let canWrite = true;
    let lastPosition: number | null = null;
    try {
      lastPosition = await store.lastPosition();
    } catch (error) {
      readable = false;
      req.log.error({ err: error }, 'event store health check: read failed');
    }
    try {
      backend.probeWrite();
    } catch (error) {
      canWrite = false;
      req.log.error({ err: error }, 'event store health check: write probe failed');
    }
    // A store that does not answer a read takes no write either (beside EventStoreDB the probe
    // above only reaches the local read-model file).
    if (!readable) canWrite = false;
    const checkpoints: Record<string, number | null> = {};
    const behind: Record<string, number | null> = {};
    let caughtUp = readable;
    if (readable) {
      try {
        for (const name of projectionNames) {
          const checkpoint = backend.readModels.checkpoint(name);
          const lag = projectionLag(store.kind, checkpoint, lastPosition);
          checkpoints[name] = checkpoint;
          behind[name] = lag.lag;
          if (lag.behind) caughtUp = false;
        }
      } catch (error) {
        caughtUp = false;
        req.log.warn({ err: error }, 'projection checkpoints could not be read');
      }
    }
    const lags = Object.values(behind);
    let parked: ParkedEvent[] = [];
    try {
      parked = backend.readModels.parked({ limit: PARKED_COUNT_LIMIT });
    } catch (error) {
      req.log.warn({ err: error }, 'parked events could not be read');
    }
    let sharedOk = true;
    if (backend.probeShared)
      try {
        await backend.probeShared();
      } catch (error) {
        sharedOk = false;
        req.log.error({ reason: (error as Error).message }, 'shared store health check failed');
      }
    const ok = readable && canWrite && sharedOk;
    res.status(ok ? 200 : 503).json({
      status: ok ? (parked.length > 0 ? 'degraded' : 'ok') : 'unavailable',
      store: { kind: store.kind, ok: readable, canWrite },
      ...(backend.probeShared ? { sharedStore: { kind: 'postgresql', ok: sharedOk } } : {}),
      projections: {
        caughtUp,
        lastPosition,
        checkpoints,
        lag: lags.includes(null) ? null : Math.max(0, ...(lags as number[])),
        behind,
        // No stream (customer) ids: health answers anyone.
        parked: parked
          .slice(0, PARKED_LISTED)
          .map(({ projection, position, type, error }) => ({ projection, position, type, error })),
        parkedCount: parked.length,
      },
    });
  });
