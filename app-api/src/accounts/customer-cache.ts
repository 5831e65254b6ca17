import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  toDomainEvents,
  type CustomerEvent,
  type CustomerState,
  type EventStore,
  type RecordedEvent,
} from '@stickwork/domain';

interface Cached {
  state: CustomerState;
  /** Revision and id of the last event folded into `state`. */
  revision: number;
  lastEventId: string;
  /** The store's `streamMark` taken before the stream was read, where it gives one. */
  mark: string | undefined;
}

/** Enough for every customer active at once on one server; the oldest entry leaves first. */
const MAX_ENTRIES = 10_000;

/**
 * A customer's decider state (registered or not, password change, plan), kept per customer with the
 * stream revision it was folded to. A read re-reads the stream only from that revision: the cached
 * last event must still be there (a deleted stream reads empty, so an erased customer is never
 * served from the cache), and any newer events are folded on top. Exact, also beside other
 * processes writing the stream, and one indexed read instead of the whole stream (with its personal
 * data opened again) on every request that authenticates or reads the plan. Where the store can tell
 * that the stream has not changed since (`streamMark`: the embedded store's moves only with a write to
 * that stream, by any process, or a deleted stream), not even that read.
 */
export const createCustomerCache = (store: EventStore) => {
  const cache = new Map<string, Cached>();

  const remember = (customerId: string, entry: Cached) => {
    cache.delete(customerId);
    cache.set(customerId, entry);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  };

  const fold = (state: CustomerState, events: readonly RecordedEvent[]) =>
    toDomainEvents<CustomerEvent>(events, customerEventSchemaVersions).reduce(customerDecider.evolve, state);

  return {
    async load(customerId: string): Promise<CustomerState> {
      const stream = customerStreamId(customerId);
      const mark = store.streamMark?.(stream);
      const cached = cache.get(customerId);
      if (cached) {
        if (mark !== undefined && cached.mark === mark) {
          remember(customerId, cached);
          return cached.state;
        }
        const recorded = await store.readStream(stream, { fromRevision: cached.revision });
        if (recorded[0]?.id === cached.lastEventId) {
          const newer = recorded.slice(1);
          const last = recorded.at(-1)!;
          const state = newer.length === 0 ? cached.state : fold(cached.state, newer);
          remember(customerId, { state, revision: last.revision, lastEventId: last.id, mark });
          return state;
        }
        cache.delete(customerId);
      }
      const recorded = await store.readStream(stream);
      const state = fold(customerDecider.initialState(), recorded);
      const last = recorded.at(-1);
      if (last) remember(customerId, { state, revision: last.revision, lastEventId: last.id, mark });
      return state;
    },
  };
};

export type CustomerCache = ReturnType<typeof createCustomerCache>;

/** One cache per store, shared by every reader of a server (and dropped with the store). */
const caches = new WeakMap<EventStore, CustomerCache>();
export const customerCacheOf = (store: EventStore): CustomerCache => {
  let cache = caches.get(store);
  if (!cache) {
    cache = createCustomerCache(store);
    caches.set(store, cache);
  }
  return cache;
};
