import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestContext {
  requestId: string;
  /** Streams the request appended to (`withRequestCorrelation` notes them). */
  appendedStreams: Set<string>;
  /** Set once the request's read-your-writes wait came back without its writes visible. */
  staleReadModels: boolean;
  onStaleReadModels: (() => void) | undefined;
}

/**
 * What the code below a request may know of it without being handed it: its id (the one in the
 * request log and the `x-request-id` header). Events appended while serving the request carry it
 * as their `correlationId` (`withRequestCorrelation`), so an operator can go from an event
 * (`stickwork event`) to the log lines of the request that caused it. It also keeps which streams
 * the request wrote and whether the read models its answer comes from are stale
 * (`markReadModelsStale`), so a command that committed answers anyway and says so.
 */
const context = new AsyncLocalStorage<RequestContext>();

export const runInRequest = <T>(requestId: string, work: () => T, onStaleReadModels?: () => void): T =>
  context.run({ requestId, appendedStreams: new Set(), staleReadModels: false, onStaleReadModels }, work);

/** The id of the request being served, if any (none in the CLI or a background job). */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

export const noteAppendedStream = (streamId: string): void =>
  void context.getStore()?.appendedStreams.add(streamId);

/** The streams the request being served has appended to (none outside a request). */
export const appendedStreams = (): ReadonlySet<string> => context.getStore()?.appendedStreams ?? new Set();

/** The request's writes are committed but its read models may not show them (yet). */
export const markReadModelsStale = (): void => {
  const current = context.getStore();
  if (!current || current.staleReadModels) return;
  current.staleReadModels = true;
  current.onStaleReadModels?.();
};

export const readModelsStale = (): boolean => context.getStore()?.staleReadModels ?? false;
