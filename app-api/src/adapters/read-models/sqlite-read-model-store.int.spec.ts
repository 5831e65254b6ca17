import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createProjectionRunner,
  defineProjection,
  customerIdOfStream,
  foldProjection,
  createInMemoryReadModelStore,
} from '@stickwork/projections';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.js';
import {
  createSqliteReadModelStore,
  PARKED_OF_PROJECTION,
  PARKED_OF_STREAM,
} from './sqlite-read-model-store.js';

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-rm-'));
  dirs.push(dir);
  return path.join(dir, 'stickwork.sqlite');
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const minutes = defineProjection<{ minutes: number }>({
  name: 'minutes',
  canHandle: ['PracticeActivityRecorded'],
  keyOf: (event) => customerIdOfStream(event.streamId),
  initialState: () => ({ minutes: 0 }),
  evolve: (state, event) => ({ minutes: state.minutes + (event.data as { minutes: number }).minutes }),
});
const meta = { schemaVersion: 1, time: '2026-11-21T10:00:00.000Z' };

describe('read models in the embedded store file', () => {
  it('keep read models and checkpoint beside the events, across reopening', async () => {
    const file = tempFile();
    const store = openSqliteEventStore({ file });
    for (const [customer, amount] of [
      ['a', 10],
      ['b', 5],
      ['a', 20],
    ] as const) {
      await store.appendToStream(`practice-${customer}`, [
        { type: 'PracticeActivityRecorded', data: { minutes: amount }, metadata: meta },
      ]);
    }
    await createProjectionRunner(store, createSqliteReadModelStore(store.database), [minutes]).catchUp();
    await store.close();

    const reopened = openSqliteEventStore({ file });
    const readModels = createSqliteReadModelStore(reopened.database);
    expect(readModels.list('minutes')).toEqual([
      { key: 'a', state: { minutes: 30 } },
      { key: 'b', state: { minutes: 5 } },
    ]);
    expect(readModels.checkpoint('minutes')).toBe((await reopened.stats()).lastPosition);
    expect(
      new Map(readModels.list<{ minutes: number }>('minutes').map((row) => [row.key, row.state])),
    ).toEqual(foldProjection(minutes, await reopened.readAll()));
    await reopened.close();
  });

  it('move the checkpoints of a batch in one write, the first one of a projection included', () => {
    const store = openSqliteEventStore({ file: tempFile() });
    const readModels = createSqliteReadModelStore(store.database);
    readModels.setCheckpoints(['minutes', 'streaks'], 4);
    readModels.setCheckpoints(['minutes', "a name's quote", 'lessons'], 9);
    readModels.setCheckpoints([], 12);
    expect(readModels.checkpoints()).toEqual(
      new Map([
        ['minutes', 9],
        ['streaks', 4],
        ["a name's quote", 9],
        ['lessons', 9],
      ]),
    );
    void store.close();
  });

  it('roll a failed batch back with its checkpoint', () => {
    const store = openSqliteEventStore({ file: tempFile() });
    const readModels = createSqliteReadModelStore(store.database);
    expect(() =>
      readModels.transaction(() => {
        readModels.put('minutes', 'a', { minutes: 1 });
        readModels.setCheckpoints(['minutes'], 7);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(readModels.get('minutes', 'a')).toBeUndefined();
    expect(readModels.checkpoint('minutes')).toBeNull();
    return store.close();
  });

  it('swap replaces a projection by its shadow, rows and checkpoint, in one transaction', async () => {
    const store = openSqliteEventStore({ file: tempFile() });
    const readModels = createSqliteReadModelStore(store.database);
    readModels.transaction(() => {
      readModels.put('minutes', 'a', { minutes: 1 });
      readModels.put('minutes', 'gone', { minutes: 2 });
      readModels.setCheckpoints(['minutes'], 3);
      readModels.put('minutes__shadow_x', 'a', { minutes: 30 });
      readModels.put('minutes__shadow_x', 'b', { minutes: 5 });
      readModels.setCheckpoints(['minutes__shadow_x'], 7);
    });
    readModels.transaction(() => readModels.swap('minutes__shadow_x', 'minutes'));
    expect(readModels.list('minutes')).toEqual([
      { key: 'a', state: { minutes: 30 } },
      { key: 'b', state: { minutes: 5 } },
    ]);
    expect(readModels.checkpoint('minutes')).toBe(7);
    expect(readModels.list('minutes__shadow_x')).toEqual([]);
    expect(readModels.checkpoint('minutes__shadow_x')).toBeNull();
    expect(readModels.names()).toEqual(['minutes']);
    await store.close();
  });
});

describe('read models kept under a key prefix (one per part of a customer)', () => {
  const stores = {
    sqlite: () => createSqliteReadModelStore(openSqliteEventStore({ file: tempFile() }).database),
    'in memory': createInMemoryReadModelStore,
  };
  it.each(Object.keys(stores) as (keyof typeof stores)[])(
    '%s: list and delete exactly the keys that start with the prefix, in key order',
    (kind) => {
      const readModels = stores[kind]();
      for (const key of ['ann/7', 'ann/42', 'ann', 'ann0/1', 'anna/1', 'ben/1', 'an/1'])
        readModels.put('plays', key, { key });
      readModels.put('other', 'ann/1', { key: 'other' });

      expect(readModels.listUnder('plays', 'ann/')).toEqual([
        { key: 'ann/42', state: { key: 'ann/42' } },
        { key: 'ann/7', state: { key: 'ann/7' } },
      ]);
      readModels.deleteUnder('plays', 'ann/');
      expect(
        readModels
          .list('plays')
          .map((row) => row.key)
          .sort(),
      ).toEqual(['an/1', 'ann', 'ann0/1', 'anna/1', 'ben/1']);
      expect(readModels.get('other', 'ann/1')).toEqual({ key: 'other' });
    },
  );
});

describe('parked events (an event a projection cannot fold, beside its checkpoint)', () => {
  const stores = {
    sqlite: () => createSqliteReadModelStore(openSqliteEventStore({ file: tempFile() }).database),
    'in memory': createInMemoryReadModelStore,
  };
  const parkedAt = '2026-11-21T10:00:00.000Z';
  const entry = (projection: string, position: number, streamId = 'practice-a') => ({
    projection,
    position,
    streamId,
    revision: position,
    type: 'PracticeActivityRecorded',
    error: 'TypeError: no data',
    parkedAt,
  });
  it.each(Object.keys(stores) as (keyof typeof stores)[])(
    '%s: are listed in position order, filtered, replaced, rolled back, reset and swapped with their projection',
    (kind) => {
      const readModels = stores[kind]();
      readModels.transaction(() => {
        readModels.park(entry('minutes', 9));
        readModels.park(entry('minutes', 3, 'practice-b'));
        readModels.park(entry('count', 3));
      });
      expect(readModels.parked().map((p) => `${p.projection}@${p.position}`)).toEqual([
        'count@3',
        'minutes@3',
        'minutes@9',
      ]);
      expect(readModels.parked({ projection: 'minutes', streamId: 'practice-a' })).toEqual([
        entry('minutes', 9),
      ]);
      expect(readModels.parked({ limit: 1 })).toEqual([entry('count', 3)]);
      expect(readModels.parked({ streamId: 'practice-b' })).toEqual([entry('minutes', 3, 'practice-b')]);
      expect(readModels.parked({ streamId: 'practice-a', limit: 1 })).toEqual([entry('count', 3)]);
      expect(readModels.parked({ streamId: 'practice-c' })).toEqual([]);
      readModels.park({ ...entry('minutes', 9), error: 'RangeError: again' });
      expect(readModels.parked({ projection: 'minutes' }).map((p) => p.error)).toEqual([
        'TypeError: no data',
        'RangeError: again',
      ]);
      expect(() =>
        readModels.transaction(() => {
          readModels.unpark('minutes', 9);
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      expect(readModels.parked({ projection: 'minutes' })).toHaveLength(2);
      expect(readModels.names().sort()).toEqual(['count', 'minutes']);

      readModels.transaction(() => readModels.park(entry('minutes__shadow_1_ab', 4)));
      readModels.transaction(() => readModels.swap('minutes__shadow_1_ab', 'minutes'));
      expect(readModels.parked({ projection: 'minutes' })).toEqual([{ ...entry('minutes', 4) }]);
      readModels.transaction(() => readModels.reset('count'));
      readModels.unpark('minutes', 4);
      expect(readModels.parked()).toEqual([]);
    },
  );
});

describe('parked events by stream or projection', () => {
  it('are found by an index, not by reading the whole table (every write asks of its streams)', () => {
    const { database } = openSqliteEventStore({ file: tempFile() });
    createSqliteReadModelStore(database);
    const plan = (sql: string) =>
      (
        database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ projection: null, streamId: 's', limit: 1 }) as {
          detail: string;
        }[]
      )
        .map((step) => step.detail)
        .join('; ');
    expect(plan(PARKED_OF_STREAM)).toContain(
      'SEARCH projection_parked_events USING INDEX projection_parked_events_by_stream (stream_id=?)',
    );
    expect(plan(PARKED_OF_PROJECTION)).toContain(
      'SEARCH projection_parked_events USING PRIMARY KEY (projection=?)',
    );
  });
});
