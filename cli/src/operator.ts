import os from 'node:os';
import type { Backend } from '@stickwork/app-api';
import type { EventStore } from '@stickwork/domain';

/** Who runs an operating command: `--operator`, else the login name. */
export const operatorName = (option: string | undefined): string => {
  const name = option?.trim() || process.env.USER?.trim() || os.userInfo().username;
  return name || 'unknown';
};

/**
 * The store with every appended event stamped `metadata.operator`. The CLI hands it to the API's
 * own application services (erasure, practice, plans, teachers), so they run unchanged and their
 * events still say who caused them.
 */
export const stampOperator = (store: EventStore, operator: string): EventStore => ({
  ...bindStore(store),
  appendToStream: (streamId, events, options) =>
    store.appendToStream(
      streamId,
      events.map((event) => ({ ...event, metadata: { ...event.metadata, operator } })),
      options,
    ),
});

/** The port's methods bound to the store, to wrap one of them. */
const bindStore = (store: EventStore): EventStore => ({
  kind: store.kind,
  appendToStream: (streamId, events, options) => store.appendToStream(streamId, events, options),
  readStream: (streamId, options) => store.readStream(streamId, options),
  readAll: (options) => store.readAll(options),
  lastPosition: () => store.lastPosition(),
  subscribeToAll: (options) => store.subscribeToAll(options),
  deleteStream: (streamId) => store.deleteStream(streamId),
  tombstoneStream: (streamId) => store.tombstoneStream(streamId),
  stats: () => store.stats(),
  close: () => store.close(),
});

export const asOperator = (backend: Backend, operator: string): Backend => ({
  ...backend,
  store: stampOperator(backend.store, operator),
});
