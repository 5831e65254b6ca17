import express from 'express';
import type { EventStore } from '@stickwork/domain';

/** GET /api/health: the store kind and whether it answers (one cheap read, fit for polling). */
export const healthRouter = (store: EventStore) =>
  express.Router().get('/health', async (req, res) => {
    try {
      await store.readAll({ maxCount: 1 });
      res.json({ status: 'ok', store: { kind: store.kind, ok: true } });
    } catch (error) {
      req.log.error({ err: error }, 'event store health check failed');
      res.status(503).json({ status: 'unavailable', store: { kind: store.kind, ok: false } });
    }
  });
