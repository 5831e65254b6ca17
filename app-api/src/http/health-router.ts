import express from 'express';
import { ALL_PROJECTIONS, type ParkedEvent } from '@stickwork/projections';
import type { Backend } from '../backend.js';

/** Lag is counted up to this many events; beyond it the answer says "at least". */
const LAG_COUNT_LIMIT = 10_000;
/** Parked events listed (the first by position); `parkedCount` says how many there are up to the lag limit. */
const PARKED_LISTED = 20;

/**
 * GET /api/health (fit for polling): whether the store answers a read and takes a write (a cheap
 * probe, so a full disk shows here), and how far each projection's checkpoint is behind the log,
 * computed read-only from the checkpoints table and the log, and the events a projection parked
 * (could not fold: the others went on). 503 when the store cannot read or write; a lagging
 * projection is reported, not an outage; a parked event makes the answer 200 `degraded`.
 *
 * `{ status: 'ok' | 'degraded' | 'unavailable', store: { kind, ok, canWrite },
 *    projections: { lag, behind: { [name]: events }, parked: [{ projection, position, type, error }],
 *    parkedCount } }`
 */
export const healthRouter = (
  backend: Pick<Backend, 'store' | 'readModels' | 'probeWrite'>,
  projectionNames: readonly string[] = ALL_PROJECTIONS.map((projection) => projection.name),
) =>
  express.Router().get('/health', async (req, res) => {
    const { store } = backend;
    let readable = true;
    let canWrite = true;
    try {
      await store.readAll({ maxCount: 1 });
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
    const behind: Record<string, number> = {};
    if (readable) {
      try {
        for (const name of projectionNames) {
          const checkpoint = backend.readModels.checkpoint(name);
          const pending = await store.readAll({
            ...(checkpoint === null ? {} : { after: checkpoint }),
            maxCount: LAG_COUNT_LIMIT,
          });
          behind[name] = pending.length;
        }
      } catch (error) {
        req.log.warn({ err: error }, 'projection lag could not be read');
      }
    }
    let parked: ParkedEvent[] = [];
    try {
      parked = backend.readModels.parked({ limit: LAG_COUNT_LIMIT });
    } catch (error) {
      req.log.warn({ err: error }, 'parked events could not be read');
    }
    const ok = readable && canWrite;
    res.status(ok ? 200 : 503).json({
      status: ok ? (parked.length > 0 ? 'degraded' : 'ok') : 'unavailable',
      store: { kind: store.kind, ok: readable, canWrite },
      projections: {
        lag: Math.max(0, ...Object.values(behind)),
        behind,
        // No stream (customer) ids: health answers anyone.
        parked: parked
          .slice(0, PARKED_LISTED)
          .map(({ projection, position, type, error }) => ({ projection, position, type, error })),
        parkedCount: parked.length,
      },
    });
  });
