import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { RequestHandler } from 'express';
import { runInRequest } from '../request-context.js';

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * One JSON line per request with a request id (taken from x-request-id when sane). Only the
 * path is logged: query strings carry emails and secrets.
 */
export const requestLogger = (logger: Logger) =>
  pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  });

/**
 * A command whose write committed but whose read models do not show it yet (its read-your-writes
 * wait timed out, or a projection parked one of its stream's events) answers as usual, with this
 * header (and, where the answer is an object with room for it, `readModels: 'stale'`).
 */
export const READ_MODELS_HEADER = 'x-stickwork-read-models';

/** Runs the rest of the request in its context (after `requestLogger`, which gives it its id). */
export const requestContext: RequestHandler = (req, res, next) =>
  runInRequest(String(req.id), next, () => {
    if (!res.headersSent) res.setHeader(READ_MODELS_HEADER, 'stale');
  });
