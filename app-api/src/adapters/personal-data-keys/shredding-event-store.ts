import type { AllSubscription, EventStore, RecordedEvent } from '@stickwork/domain';
import { createPersonalDataCodec, type PersonalDataCodecOptions } from './personal-data-codec.js';
import type { PersonalDataKeys } from './personal-data-keys.js';

/**
 * Any event store (SQLite, EventStoreDB) with crypto-shredding (docs/eventstoredb.md "Erasure"):
 * personal fields are encrypted with their stream's key on the way in and opened on the way out,
 * and deleting a stream deletes its key, so the deleted events stay unreadable wherever their
 * bytes survive (EventStoreDB keeps them until a scavenge). `openStores` composes it, so the
 * server, the CLI and the projections all read and write through it.
 *
 * A key store that cannot be reached fails the call: an append whose events need a key appends
 * nothing, a read answers no event rather than one whose personal data it could not open.
 *
 * The adapter's own members (`database`, `client`, `file`) stay reachable on the result.
 */
export const withPersonalDataShredding = <Store extends EventStore>(
  store: Store,
  keys: PersonalDataKeys,
  options: PersonalDataCodecOptions = {},
): Store => {
  const codec = createPersonalDataCodec(keys, options);
  const subscribeToAll = (subscribeOptions?: { after?: number }): AllSubscription => {
    const subscription = store.subscribeToAll(subscribeOptions);
    return {
      [Symbol.asyncIterator]: (): AsyncIterator<RecordedEvent> => {
        const events = subscription[Symbol.asyncIterator]();
        return {
          next: async () => {
            const next = await events.next();
            return next.done ? next : { done: false, value: await codec.open(next.value) };
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
    appendToStream: async (streamId, events, appendOptions = {}) => {
      const { inTransaction } = appendOptions;
      const sealed = await codec.sealAll(streamId, events);
      // What is folded inside the append's transaction reads as a read through this store would:
      // the personal fields open (the stored JSON of what was sealed, parsed back).
      const opened = (recorded: readonly RecordedEvent[]) =>
        inTransaction?.(
          recorded.map((event, index) =>
            sealed[index] === events[index]
              ? event
              : { ...event, data: JSON.parse(JSON.stringify(events[index]!.data ?? null)) as unknown },
          ),
        );
      return store.appendToStream(streamId, sealed, {
        ...appendOptions,
        ...(inTransaction ? { inTransaction: opened } : {}),
      });
    },
    readStream: async (streamId, readOptions) => codec.openAll(await store.readStream(streamId, readOptions)),
    readAll: async (readOptions) => codec.openAll(await store.readAll(readOptions)),
    subscribeToAll,
    async deleteStream(streamId) {
      // The key first: a crash between the two leaves events nobody can read (their erasure is
      // recorded, so they read as erased), never readable personal data of an erased customer.
      // Running the erasure again deletes the stream (forgetting a key already gone does nothing).
      await keys.forget(streamId);
      await store.deleteStream(streamId);
    },
    async tombstoneStream(streamId) {
      await keys.forget(streamId);
      await store.tombstoneStream(streamId);
    },
  };
};
