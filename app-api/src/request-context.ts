import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the code below a request may know of it without being handed it: its id (the one in the
 * request log and the `x-request-id` header). Events appended while serving the request carry it
 * as their `correlationId` (`withRequestCorrelation`), so an operator can go from an event
 * (`stickwork event`) to the log lines of the request that caused it.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

export const runInRequest = <T>(requestId: string, work: () => T): T => context.run({ requestId }, work);

/** The id of the request being served, if any (none in the CLI or a background job). */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;
