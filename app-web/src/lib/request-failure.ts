import { ApiError } from './api-client';

/**
 * A failed API call as the sagas match it with ts-pattern (README "DESIGN terms: ts-pattern"): the
 * server answered with an error status and its message, or no answer came at all (offline, server
 * down), `status: null`. A closed union, so a match that handles both is exhaustive.
 */
export type RequestFailure =
  { status: number; message: string; error: ApiError } | { status: null; error: unknown };

export const requestFailureOf = (error: unknown): RequestFailure =>
  error instanceof ApiError
    ? { status: error.status, message: error.message, error }
    : { status: null, error };
