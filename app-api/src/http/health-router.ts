import express from 'express';
import { ALL_PROJECTIONS } from '@stickwork/projections';
import type { Backend } from '../backend.js';

/** Lag is counted up to this many events; beyond it the answer says "at least". */
const LAG_COUNT_LIMIT = 10_000;

/**
 * GET /api/health (fit for polling): whether the store answers a read and takes a write (a cheap
 * probe, so a full disk shows here), and how far each projection's checkpoint is behind the log,
 * computed read-only from the checkpoints table and the log. 503 when the store cannot read or
 * write; a lagging projection is reported, not an outage.
 *
 * `{ status: 'ok' | 'unavailable', store: { kind, ok, canWrite },
 *    projections: { lag, behind: { [name]: events } } }`
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
    const ok = readable && canWrite;
    res.status(ok ? 200 : 503).json({
      status: ok ? 'ok' : 'unavailable',
      store: { kind: store.kind, ok: readable, canWrite },
      projections: { lag: Math.max(0, ...Object.values(behind)), behind },
    });
  });
