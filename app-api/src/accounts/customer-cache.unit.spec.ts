import { describe, expect, it } from 'vitest';
import { createInMemoryEventStore, customerStreamId, type EventStore } from '@stickwork/domain';
import { createCustomerCache } from './customer-cache.js';
import type { CustomerCommandInput } from './customer-commands.js';
import { onRingo, registerRingo } from './testing/customer-cache-fixtures.js';

const now = new Date('2026-11-21T10:00:00Z');
const run = (store: EventStore, command: CustomerCommandInput) => onRingo(store, command, now);
const register = (store: EventStore) => registerRingo(store, now);

describe('the customer cache', () => {
  it('folds events appended after the cached revision', async () => {
    const store = createInMemoryEventStore();
    await register(store);
    const cache = createCustomerCache(store);
    expect(await cache.load('c-1')).toMatchObject({ status: 'registered', passwordChangedAt: null });
    await run(store, { type: 'ChangePassword', data: { passwordHash: 'h2' } });
    expect(await cache.load('c-1')).toMatchObject({
      passwordHash: 'h2',
      passwordChangedAt: now.toISOString(),
    });
  });

  it('never serves a deleted (erased) customer from the cache', async () => {
    const store = createInMemoryEventStore();
    await register(store);
    const cache = createCustomerCache(store);
    expect((await cache.load('c-1')).status).toBe('registered');
    await store.deleteStream(customerStreamId('c-1'));
    expect((await cache.load('c-1')).status).toBe('unregistered');
  });

  it('reads only from the cached revision once warm, where the store cannot tell it is unchanged', async () => {
    const store = createInMemoryEventStore();
    await register(store);
    await run(store, { type: 'VerifyEmail', data: {} });
    const reads: (number | undefined)[] = [];
    // As EventStoreDB: no `streamMark`.
    const { streamMark: _marks, ...unmarked } = store;
    const spy: EventStore = {
      ...unmarked,
      readStream: (id, options) => {
        reads.push(options?.fromRevision);
        return store.readStream(id, options);
      },
    };
    const cache = createCustomerCache(spy);
    await cache.load('c-1');
    await cache.load('c-1');
    expect(reads).toEqual([undefined, 1]);
  });
});
