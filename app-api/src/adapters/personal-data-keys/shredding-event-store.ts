import type { AllSubscription, EventStore, RecordedEvent } from '@stickwork/domain';
import { createPersonalDataCodec } from './personal-data-codec.js';
import type { PersonalDataKeys } from './personal-data-keys.js';

/**
 * Any event store (SQLite, EventStoreDB) with crypto-shredding (README "Erasure on EventStoreDB"):
 * personal fields are encrypted with their stream's key on the way in and opened on the way out,
 * and deleting a stream deletes its key, so the deleted events stay unreadable wherever their
 * bytes survive (EventStoreDB keeps them until a scavenge). `openStores` composes it, so the
 * server, the CLI and the projections all read and write through it.
 *
 * The adapter's own members (`database`, `client`, `file`) stay reachable on the result.
 */
export const withPersonalDataShredding = <Store extends EventStore>(
  store: Store,
  keys: PersonalDataKeys,
): Store => {
  const codec = createPersonalDataCodec(keys);
  const subscribeToAll = (options?: { after?: number }): AllSubscription => {
    const subscription = store.subscribeToAll(options);
    return {
      [Symbol.asyncIterator]: (): AsyncIterator<RecordedEvent> => {
        const events = subscription[Symbol.asyncIterator]();
        return {
          next: async () => {
            const next = await events.next();
            return next.done ? next : { done: false, value: codec.open(next.value) };
          },
          return: async (value?: unknown) =>
            events.return ? events.return(value) : { done: true, value: undefined },
        };
      },
      unsubscribe: () => subscription.unsubscribe(),
    };
  };
  return {
    ...store,
    appendToStream: (streamId, events, options) =>
      store.appendToStream(
        streamId,
        events.map((event) => codec.seal(streamId, event)),
        options,
      ),
    readStream: async (streamId, options) => codec.openAll(await store.readStream(streamId, options)),
    readAll: async (options) => codec.openAll(await store.readAll(options)),
    subscribeToAll,
    async deleteStream(streamId) {
      await store.deleteStream(streamId);
      // After the delete: were it the other way round, a failed delete would leave a stream
      // that reads as erased while the customer still exists.
      keys.forget(streamId);
    },
  };
};
