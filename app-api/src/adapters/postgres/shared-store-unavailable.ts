/** What a request that needs the shared store answers while it cannot be reached (503). */
export const SERVICE_BRIEFLY_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a moment.';

/**
 * The store hosts share beside the event store (PostgreSQL: personal-data keys, rate limits, leases)
 * cannot be reached right now. The request that needs it answers 503 with
 * `SERVICE_BRIEFLY_UNAVAILABLE` and writes nothing; the pool reconnects by itself once it is back.
 */
export class SharedStoreUnavailableError extends Error {
  override readonly name = 'SharedStoreUnavailableError';
  constructor(override readonly cause: unknown) {
    super(`the shared store (PostgreSQL, DATABASE_URL) cannot be reached: ${describeCause(cause)}`);
  }
}

export const isSharedStoreUnavailable = (error: unknown): error is SharedStoreUnavailableError =>
  error instanceof SharedStoreUnavailableError;

const ERRNO_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  EPIPE: 'connection closed',
};

/** SQLSTATEs of a server that is not there for us right now (class 08, shutting down, starting up, full). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** pg's own words when a connection dies or never comes (it gives these errors no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection refused|not queryable/i;

/** Whether the error says the server cannot be reached (as opposed to a bad query). */
export const isConnectionFailure = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code in ERRNO_WORDS || UNAVAILABLE_SQLSTATES.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
};

/** The cause in a few words, with its code; never the URL (it may hold a password). */
export const describeCause = (error: unknown): string => {
  if (error instanceof AggregateError && error.errors.length > 0) return describeCause(error.errors[0]);
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message.split('\n')[0]! : String(error);
  if (typeof code === 'string' && code in ERRNO_WORDS) return `${ERRNO_WORDS[code]} (${code})`;
  if (/timeout exceeded when trying to connect|due to connection timeout/i.test(text))
    return 'no answer within 5 seconds (timeout)';
  return typeof code === 'string' ? `${text} (${code})` : text;
};
