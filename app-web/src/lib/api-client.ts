import { readStoredToken } from './session/auth-token';

/** A non-2xx answer, carrying the status and the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Defaults to the stored login token; null sends none (e.g. POST /api/authenticate). */
  token?: string | null;
  accept?: string;
  signal?: AbortSignal;
}

export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
};

const messageOf = (body: unknown, fallback: string): string => {
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return fallback;
};

/**
 * fetch for the Stickwork API (product-spec §7): sends x-auth-token and the browser's time zone in
 * the time-zone header, JSON in and out. Throws ApiError for error statuses and a TypeError for
 * network failures (fetch's own behaviour). A command answered with the
 * `x-stickwork-read-models: stale` header succeeded (its write is recorded) though the figures in
 * its answer may not show it yet: it is a success like any other, never retried or shown as an
 * error; the next read shows the write once the server's read models have it.
 */
export const apiRequest = async <T = unknown>(path: string, request: ApiRequest = {}): Promise<T> => {
  const token = request.token === undefined ? readStoredToken() : request.token;
  const headers: Record<string, string> = {
    accept: request.accept ?? 'application/json',
    'time-zone': browserTimeZone(),
  };
  if (token) headers['x-auth-token'] = token;
  if (request.body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(path, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });

  const contentType = response.headers.get('content-type') ?? '';
  const body: unknown = contentType.includes('application/json')
    ? await response.json().catch(() => null)
    : await response.text().catch(() => '');

  if (!response.ok) {
    throw new ApiError(
      response.status,
      messageOf(body, `Request failed with status ${response.status}`),
      body,
    );
  }
  return body as T;
};
