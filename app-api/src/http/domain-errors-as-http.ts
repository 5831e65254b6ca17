import type { ErrorRequestHandler } from 'express';
import { domainErrorHttpStatus, isDomainError } from '@stickwork/domain';
import { HttpError } from './http-error.js';

/** A router's last handler: a decider's refusal is a 4xx with its message for the customer. */
export const domainErrorsAsHttp: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  if (isDomainError(error)) next(new HttpError(domainErrorHttpStatus[error.code], error.message));
  else next(error);
};
