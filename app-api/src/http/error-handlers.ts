import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isStreamTombstoned } from '@stickwork/domain';
import { HttpError } from './http-error.js';
import {
  isSharedStoreUnavailable,
  SERVICE_BRIEFLY_UNAVAILABLE,
} from '../adapters/postgres/shared-store-unavailable.js';

/** Seconds a client is asked to wait while the shared store is away (it reconnects by itself). */
const SHARED_STORE_RETRY_AFTER_SECONDS = 5;
/** What the deciders say of an erased customer (customer_erased), said here of the store's refusal. */
const ACCOUNT_DELETED = 'This account has been deleted.';

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/** Every error leaves as JSON `{ message }`; only unexpected ones are 500s, and those are logged. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (error instanceof HttpError) {
    res
      .status(error.status)
      .json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    return;
  }
  // A write that lost the race with its customer's erasure: the store's fence refused it, nothing
  // was written (DESIGN.md "Erasure is a fence").
  if (isStreamTombstoned(error)) {
    res.status(410).json({ message: ACCOUNT_DELETED });
    return;
  }
  // PostgreSQL (DATABASE_URL) away: nothing was written (a seal needs its key before the append).
  if (isSharedStoreUnavailable(error)) {
    req.log.warn({ reason: error.message }, 'shared store unavailable');
    res
      .status(503)
      .set('retry-after', String(SHARED_STORE_RETRY_AFTER_SECONDS))
      .json({ message: SERVICE_BRIEFLY_UNAVAILABLE });
    return;
  }
  // body-parser and friends mark client errors with a status (malformed JSON, body too large, ...).
  const status =
    (error as { status?: unknown; statusCode?: unknown }).status ??
    (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const type = (error as { type?: string }).type;
    const message =
      type === 'entity.parse.failed'
        ? 'The request body is not valid JSON'
        : type === 'entity.too.large'
          ? 'The request body is too large'
          : (error as Error).message || 'Bad request';
    res.status(status).json({ message });
    return;
  }
  req.log.error({ err: error }, 'unhandled error');
  res.status(500).json({ message: 'Something went wrong on our side. Please try again later.' });
};
