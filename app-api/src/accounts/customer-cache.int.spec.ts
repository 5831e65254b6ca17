import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { customerStreamId, type EventStore } from '@stickwork/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, type SqliteEventStore } from '../adapters/event-store/sqlite-event-store.js';
import { createCustomerCache } from './customer-cache.js';
import type { CustomerCommandInput } from './customer-commands.js';
import { onRingo, registerRingo } from './testing/customer-cache-fixtures.js';

const now = new Date('2026-11-29T18:00:00Z');
const run = (store: EventStore, command: CustomerCommandInput) => onRingo(store, command, now);
const register = (store: EventStore) => registerRingo(store, now);

describe('the customer cache on the embedded store', () => {
  let directory: string;
  let file: string;
  const opened: SqliteEventStore[] = [];
  const open = () => {
    const store = openSqliteEventStore({ file });
    opened.push(store);
    return store;
  };
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'stickwork-customer-cache-'));
    file = path.join(directory, 'stickwork.db');
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  /** The store as the cache sees it, counting the customer-stream reads. */
  const counted = (store: SqliteEventStore) => {
    const reads = { count: 0 };
    const spy: EventStore = {
      ...store,
      readStream: (id, options) => {
        reads.count++;
        return store.readStream(id, options);
      },
    };
    return { spy, reads };
  };

  it("reads nothing while the stream is unchanged, also under other customers' writes", async () => {
    const store = open();
    await register(store);
    const { spy, reads } = counted(store);
    const cache = createCustomerCache(spy);
    expect((await cache.load('c-1')).status).toBe('registered');
    for (let other = 0; other < 5; other++)
      await store.appendToStream(`practice-${other}`, [
        {
          type: 'UsageIncremented',
          data: { usageType: 'lesson', day: '2026-11-29' },
          metadata: { schemaVersion: 1, time: now.toISOString() },
        },
      ]);
    expect((await cache.load('c-1')).status).toBe('registered');
    expect(await cache.load('c-1')).toMatchObject({ passwordHash: 'h1' });
    expect(reads.count).toBe(1);

    // A write to the stream through the same store is read and folded.
    await run(store, { type: 'ChangePassword', data: { passwordHash: 'h2' } });
    expect(await cache.load('c-1')).toMatchObject({ passwordHash: 'h2' });
    expect(reads.count).toBe(2);
  });

  it('reads again after another process writes the customer, not after its other writes; never serves an erased customer', async () => {
    const store = open();
    await register(store);
    const { spy, reads } = counted(store);
    const cache = createCustomerCache(spy);
    expect((await cache.load('c-1')).status).toBe('registered');
    const otherProcess = open();
    await run(otherProcess, { type: 'ChangePassword', data: { passwordHash: 'h3' } });
    expect(await cache.load('c-1')).toMatchObject({ passwordHash: 'h3' });
    expect(reads.count).toBe(2);
    // Another process's writes to other streams (a cluster's other worker) leave the cache warm.
    await otherProcess.appendToStream('practice-elsewhere', [
      {
        type: 'UsageIncremented',
        data: { usageType: 'lesson', day: '2026-11-29' },
        metadata: { schemaVersion: 1, time: now.toISOString() },
      },
    ]);
    expect(await cache.load('c-1')).toMatchObject({ passwordHash: 'h3' });
    expect(reads.count).toBe(2);
    await store.tombstoneStream(customerStreamId('c-1'));
    expect((await cache.load('c-1')).status).toBe('unregistered');
  });
});
