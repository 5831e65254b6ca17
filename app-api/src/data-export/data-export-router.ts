import express, { type Router } from 'express';
import type { Backend } from '../backend.js';
import { authOf } from '../auth/require-auth.js';
import { requireAuthAndTimeZone } from '../accounts/customer-time-zone.js';
import { createCustomerRateLimiter } from '../auth/rate-limits.js';
import { attachmentDisposition } from '../practice/content-disposition.js';
import { customerExportZip, exportFolderName } from './customer-export.js';

export const EXPORTS_PER_HOUR = 5;
export const EXPORT_LIMIT_MESSAGE =
  'You can download your data 5 times an hour. Please try again in an hour.';

/**
 * "Download my data", mounted under /api. Login required (401 otherwise).
 *
 * | route | request | success |
 * |---|---|---|
 * | GET /export | | 200 `application/zip` (see customer-export.ts); 429 past 5 an hour |
 */
export const dataExportRouter = (backend: Backend): Router => {
  const router = express.Router();

  // An export reads every event of the customer: a few an hour is plenty for a person, and the
  // counters are shared by the host's processes (the rate_limits table).
  const exportLimit = createCustomerRateLimiter({
    name: 'export',
    windowMs: 60 * 60_000,
    limit: EXPORTS_PER_HOUR,
    counters: backend.rateLimits,
    message: EXPORT_LIMIT_MESSAGE,
  });

  router.get('/export', requireAuthAndTimeZone(backend), exportLimit, async (_req, res) => {
    const zip = await customerExportZip(backend, authOf(res).customerId);
    res
      .status(200)
      .type('application/zip')
      .setHeader('content-disposition', attachmentDisposition(`${exportFolderName(backend.clock())}.zip`))
      .send(Buffer.from(zip));
  });

  return router;
};
