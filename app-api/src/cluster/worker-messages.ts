/** What a cluster worker tells its primary (over the IPC channel node's cluster opens). */
export type WorkerMessage =
  | { type: 'stickwork:listening'; host: string; port: number; store: string }
  /** The one line describing why it could not start (startup-error.ts); the worker then exits 1. */
  | { type: 'stickwork:startup-failed'; line: string };

export const isWorkerMessage = (message: unknown): message is WorkerMessage =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as { type?: unknown }).type === 'string' &&
  (message as { type: string }).type.startsWith('stickwork:');
