import { describe, expect, it } from 'vitest';
import {
  createInMemoryEventStore,
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  handleCommand,
  type CustomerCommand,
  type EventStore,
} from '@stickwork/domain';
import { createCustomerCache } from './customer-cache.js';

const now = new Date('2026-11-21T10:00:00Z');
const run = (store: EventStore, command: Omit<CustomerCommand, 'metadata'>) =>
  handleCommand(store, customerStreamId('c-1'), customerDecider, customerEventSchemaVersions, {
    ...command,
    metadata: { now },
  } as CustomerCommand);

const register = (store: EventStore) =>
  run(store, {
    type: 'RegisterCustomer',
    data: {
      customerId: 'c-1',
      email: 'ringo@example.com',
      firstname: 'Ringo',
      lastname: 'Starr',
      country: 'GB',
      passwordHash: 'h1',
      newsletterSubscription: false,
      dateTermsAndConditions: now.toISOString(),
    },
  });

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
