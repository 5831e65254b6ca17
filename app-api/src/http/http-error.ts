/** An error with an HTTP status and a message the client may show. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages for a 400. */
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}
