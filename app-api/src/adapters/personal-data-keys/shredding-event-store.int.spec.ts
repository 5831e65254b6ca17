import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  createInMemoryEventStore,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
} from '@stickwork/domain';
import { describeEventStoreContract } from '@stickwork/domain/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores, sqliteFileIn } from '../event-store/open-event-store.js';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.js';
import { ERASED_PERSONAL_DATA } from './personal-data-codec.js';
import { createInMemoryPersonalDataKeys } from './personal-data-keys.js';
import { withPersonalDataShredding } from './shredding-event-store.js';
import { createSqlitePersonalDataKeys, PERSONAL_DATA_KEYS_TABLE } from './sqlite-personal-data-keys.js';

// The wrapper keeps every promise of the port (its events have no personal fields: they pass as they are).
describeEventStoreContract('personal-data shredding over the in-memory store', async () => ({
  store: withPersonalDataShredding(createInMemoryEventStore(), createInMemoryPersonalDataKeys()),
  sharesItsTransaction: true,
}));

const metadata = { schemaVersion: 1, time: '2026-05-04T20:03:09.000Z' };
const registration = (email: string, firstname: string): EventToAppend => ({
  type: 'CustomerRegistered',
  data: {
    customerId: 'c-1',
    email,
    firstname,
    lastname: 'Starkey',
    country: 'GB',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    newsletterSubscription: false,
    dateTermsAndConditions: '2026-05-04T20:00:00.000Z',
    registeredAt: '2026-05-04T20:03:09.000Z',
  },
  metadata,
});

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-shredding-'));
  dataDirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const rawRows = (dataDir: string) => {
  const db = new Database(sqliteFileIn(dataDir), { readonly: true });
  try {
    return {
      events: db.prepare<[], string>('SELECT data FROM events').pluck().all().join('\n'),
      keys: db.prepare<[], string>(`SELECT stream_id FROM ${PERSONAL_DATA_KEYS_TABLE}`).pluck().all(),
    };
  } finally {
    db.close();
  }
};

const dataOf = (events: RecordedEvent[]) => events.map((event) => event.data);

describe('crypto-shredding on the embedded SQLite store (openStores)', () => {
  it('writes ciphertext, reads plaintext on every path, and a read-only opening (the CLI) reads it too', async () => {
    const dataDir = newDataDir();
    const stores = await openStores({ dataDir, eventStoreConnectionString: undefined });
    const event = registration('ringo@example.com', 'Ringo');
    await stores.store.appendToStream('customer-c-1', [event]);

    const raw = rawRows(dataDir);
    expect(raw.events).not.toContain('ringo@example.com');
    expect(raw.events).not.toContain('Ringo');
    expect(raw.events).not.toContain('argon2id');
    expect(raw.events).toContain('"customerId":"c-1"');
    expect(raw.keys).toEqual(['customer-c-1']);

    expect(dataOf(await stores.store.readStream('customer-c-1'))).toEqual([event.data]);
    expect(dataOf(await stores.store.readAll())).toEqual([event.data]);
    const subscription = stores.store.subscribeToAll();
    const iterator = subscription[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.data).toEqual(event.data);
    await subscription.unsubscribe();

    const reader = await openStores({ dataDir, eventStoreConnectionString: undefined }, { readonly: true });
    expect(dataOf(await reader.store.readAll())).toEqual([event.data]);
    await reader.close();
    await stores.close();
  });

  it("hands what runs in the append's transaction (the read models' fold) the events opened, as a read would", async () => {
    const dataDir = newDataDir();
    const stores = await openStores({ dataDir, eventStoreConnectionString: undefined });
    const event = registration('ringo@example.com', 'Ringo');
    const handed: RecordedEvent[] = [];
    await stores.store.appendToStream('customer-c-1', [event], {
      inTransaction: (recorded) => void handed.push(...recorded),
    });
    expect(rawRows(dataDir).events).not.toContain('Ringo');
    expect(handed).toEqual(await stores.store.readStream('customer-c-1'));
    expect(dataOf(handed)).toEqual([event.data]);
    await stores.close();
  });

  it('deleting the stream deletes its key; an event whose key is gone reads as the marker', async () => {
    const dataDir = newDataDir();
    const stores = await openStores({ dataDir, eventStoreConnectionString: undefined });
    await stores.store.appendToStream('customer-c-1', [registration('ringo@example.com', 'Ringo')]);
    await stores.store.appendToStream('customer-c-2', [registration('paul@example.com', 'Paul')]);
    // A copy of c-2's sealed event kept aside, as EventStoreDB keeps a deleted event until a scavenge.
    const inner = openSqliteEventStore({ file: sqliteFileIn(dataDir), readonly: true });
    const [kept] = await inner.readStream('customer-c-2');
    await inner.close();

    await stores.store.deleteStream('customer-c-2');
    expect(rawRows(dataDir).keys).toEqual(['customer-c-1']);
    expect(await stores.store.readStream('customer-c-2')).toEqual([]);

    // The kept copy, still sealed with the deleted key, read with the key store as it is now.
    const keysDb = new Database(sqliteFileIn(dataDir));
    const copy = createInMemoryEventStore();
    const shredded = withPersonalDataShredding(copy, createSqlitePersonalDataKeys(keysDb));
    await putBack(copy, kept!);
    const [read] = await shredded.readStream('customer-c-2');
    keysDb.close();
    expect(read?.data).toMatchObject({
      customerId: 'c-1',
      email: ERASED_PERSONAL_DATA,
      firstname: ERASED_PERSONAL_DATA,
      passwordHash: ERASED_PERSONAL_DATA,
    });
    expect(dataOf(await stores.store.readStream('customer-c-1'))[0]).toMatchObject({ firstname: 'Ringo' });
    await stores.close();
  });

  it('reads plaintext written before shredding unchanged, and a read-only opening of such a store creates nothing', async () => {
    const dataDir = newDataDir();
    const before = openSqliteEventStore({ file: sqliteFileIn(dataDir) });
    const old = registration('old@example.com', 'Olde');
    await before.appendToStream('customer-c-1', [old]);
    await before.close();

    const reader = await openStores({ dataDir, eventStoreConnectionString: undefined }, { readonly: true });
    expect(dataOf(await reader.store.readStream('customer-c-1'))).toEqual([old.data]);
    await reader.close();
    const db = new Database(sqliteFileIn(dataDir), { readonly: true });
    const tables = db
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all();
    db.close();
    expect(tables).not.toContain(PERSONAL_DATA_KEYS_TABLE);

    const stores = await openStores({ dataDir, eventStoreConnectionString: undefined });
    await stores.store.appendToStream('customer-c-1', [
      { type: 'PasswordChanged', data: { passwordHash: 'new-hash-value', changedAt: 'x' }, metadata },
    ]);
    expect(dataOf(await stores.store.readStream('customer-c-1'))).toEqual([
      old.data,
      { passwordHash: 'new-hash-value', changedAt: 'x' },
    ]);
    expect(rawRows(dataDir).events).toContain('old@example.com');
    expect(rawRows(dataDir).events).not.toContain('new-hash-value');
    await stores.close();
  });

  it('a personal value shaped like a sealed one is sealed too, and reads back as typed', async () => {
    const dataDir = newDataDir();
    const stores = await openStores({ dataDir, eventStoreConnectionString: undefined });
    // What a user could send as a name, were a name not checked to be text: it looks sealed.
    const lookalike = {
      $encrypted: 'aes-256-gcm/v1',
      iv: 'AAAAAAAAAAAAAAAA',
      data: 'Ringo Starr in the clear',
    };
    const event = registration('ringo@example.com', 'Ringo');
    const typed = { ...(event.data as Record<string, unknown>), firstname: lookalike };
    await stores.store.appendToStream('customer-c-1', [{ ...event, data: typed }]);
    expect(dataOf(await stores.store.readStream('customer-c-1'))).toEqual([typed]);
    expect(rawRows(dataDir).events).not.toContain('Ringo Starr in the clear');
    await stores.close();
  });

  it('erasure deletes the key before the stream: a delete cut short leaves nothing readable, and running it again completes', async () => {
    const inner = createInMemoryEventStore();
    const keys = createInMemoryPersonalDataKeys();
    let failDeletes = 1;
    const crashing = {
      ...inner,
      deleteStream: async (streamId: string) => {
        if (failDeletes-- > 0) throw new Error('the process died here');
        return inner.deleteStream(streamId);
      },
    };
    const missing: string[] = [];
    const store = withPersonalDataShredding(crashing, keys, { onMissingKey: (id) => missing.push(id) });
    await store.appendToStream('customer-c-1', [registration('ringo@example.com', 'Ringo')]);

    await expect(store.deleteStream('customer-c-1')).rejects.toThrow('the process died here');
    // The events are still there, but their key is gone and the erasure recorded: they read as erased.
    expect(await keys.erasedAmong(['customer-c-1'])).toEqual(new Set(['customer-c-1']));
    const [left] = await store.readStream('customer-c-1');
    expect(left?.data).toMatchObject({ email: ERASED_PERSONAL_DATA, firstname: ERASED_PERSONAL_DATA });
    expect(missing).toEqual([]);

    await store.deleteStream('customer-c-1');
    expect(await store.readStream('customer-c-1')).toEqual([]);
    expect(await inner.readStream('customer-c-1')).toEqual([]);
  });

  it('an append whose key cannot be made appends nothing', async () => {
    const inner = createInMemoryEventStore();
    const keys = createInMemoryPersonalDataKeys();
    const store = withPersonalDataShredding(inner, {
      ...keys,
      keyFor: () => Promise.reject(new Error('the key store is unreachable')),
    });
    await expect(
      store.appendToStream('customer-c-1', [registration('ringo@example.com', 'Ringo')]),
    ).rejects.toThrow('the key store is unreachable');
    expect(await inner.readAll()).toEqual([]);
  });

  it('two processes making the first key of a stream at once agree on it', async () => {
    const dataDir = newDataDir();
    const file = path.join(dataDir, 'keys.sqlite');
    const [one, two] = [new Database(file), new Database(file)];
    const [a, b] = [createSqlitePersonalDataKeys(one), createSqlitePersonalDataKeys(two)];
    expect((await a.keyFor('customer-c-1')).equals(await b.keyFor('customer-c-1'))).toBe(true);
    await b.forget('customer-c-1');
    expect((await a.existingKeys(['customer-c-1'])).get('customer-c-1')).toBeUndefined();
    one.close();
    two.close();
  });
});

/** Writes an event as it was recorded, sealed values and all, into a store beneath the seam. */
const putBack = (store: EventStore, event: RecordedEvent) =>
  store.appendToStream(event.streamId, [{ type: event.type, data: event.data, metadata: event.metadata }]);
