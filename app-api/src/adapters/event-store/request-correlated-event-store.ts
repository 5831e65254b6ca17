import type { EventStore } from '@stickwork/domain';
import { currentRequestId, noteAppendedStream } from '../../request-context.js';

/**
 * Any event store whose appends made while serving a request carry the request's id as
 * `metadata.correlationId` (unless the caller set one), and whose request notes the stream (for
 * its read-your-writes answer). The backend composes it, so no command handler has to pass the id
 * along.
 */
export const withRequestCorrelation = <Store extends EventStore>(store: Store): Store => ({
  ...store,
  appendToStream: async (streamId, events, options) => {
    const requestId = currentRequestId();
    const result = await store.appendToStream(
      streamId,
      requestId === undefined
        ? events
        : events.map((event) => ({
            ...event,
            metadata: { ...event.metadata, correlationId: event.metadata.correlationId ?? requestId },
          })),
      options,
    );
    noteAppendedStream(streamId);
    return result;
  },
});
