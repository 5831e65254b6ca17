import { ApiError } from './api-client';

/** When the request never got an answer (offline, server down). */
export const OFFLINE_MESSAGE = 'We could not reach Stickwork. Please check your connection and try again.';

/** The server's own text for an answer, or the offline text when there was none. */
export const responseText = (error: unknown): string =>
  error instanceof ApiError ? error.message : OFFLINE_MESSAGE;
