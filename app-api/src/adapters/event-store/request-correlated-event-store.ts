import type { EventStore } from '@stickwork/domain';
import { currentRequestId } from '../../request-context.js';

/**
 * Any event store whose appends made while serving a request carry the request's id as
 * `metadata.correlationId` (unless the caller set one). The backend composes it, so no command
 * handler has to pass the id along.
 */
export const withRequestCorrelation = <Store extends EventStore>(store: Store): Store => ({
  ...store,
  appendToStream: (streamId, events, options) => {
    const requestId = currentRequestId();
    return store.appendToStream(
      streamId,
      requestId === undefined
        ? events
        : events.map((event) => ({
            ...event,
            metadata: { ...event.metadata, correlationId: event.metadata.correlationId ?? requestId },
          })),
      options,
    );
  },
});
