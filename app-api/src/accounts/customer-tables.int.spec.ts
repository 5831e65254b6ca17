import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_DATA_TABLES, TABLES_WITHOUT_CUSTOMER_DATA } from '@stickwork/projections';
import { openStores, READ_MODELS_FILE_NAME, sqliteFileIn } from '../adapters/event-store/open-event-store.js';
import {
  startEsdbTestServer,
  type EsdbTestServer,
} from '../adapters/event-store/testing/esdb-test-server.js';
import { openSharedStore } from '../adapters/postgres/shared-store.js';
import { openSharedPool } from '../adapters/postgres/postgres-pool.js';
import { newTestDatabase } from '../testing/test-postgres.js';
import { sqliteTablesAndColumns } from '../testing/sqlite-tables.js';

/**
 * DESIGN.md "Erasure is a fence": one registry declares every table, as holding a customer's data
 * (the column naming them, and how an erasure scrubs it) or as holding none (and why). This lists the
 * tables of freshly opened stores as the server opens them (the embedded store file, a host's
 * read-model file beside EventStoreDB, the PostgreSQL database of DATABASE_URL) and fails naming any
 * table the registry does not declare.
 */
const registered = new Set([
  ...Object.keys(CUSTOMER_DATA_TABLES),
  ...Object.keys(TABLES_WITHOUT_CUSTOMER_DATA),
]);
const dirs: string[] = [];
let esdb: EsdbTestServer;
let databaseUrl: string;
/** Each store's tables and their columns. */
const tablesOf: Record<'embedded' | 'beside EventStoreDB' | 'PostgreSQL', Map<string, string[]>> = {
  embedded: new Map(),
  'beside EventStoreDB': new Map(),
  PostgreSQL: new Map(),
};

const sqliteTables = (file: string) => {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return sqliteTablesAndColumns(database);
  } finally {
    database.close();
  }
};

const freshDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-customer-tables-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  [esdb, databaseUrl] = await Promise.all([startEsdbTestServer(), newTestDatabase()]);
  const embedded = freshDataDir();
  await (await openStores({ dataDir: embedded, eventStoreConnectionString: undefined })).close();
  tablesOf.embedded = sqliteTables(sqliteFileIn(embedded));
  const beside = freshDataDir();
  await (await openStores({ dataDir: beside, eventStoreConnectionString: esdb.connectionString })).close();
  tablesOf['beside EventStoreDB'] = sqliteTables(path.join(beside, READ_MODELS_FILE_NAME));
  // The shared store creates its tables as a host starts.
  await (await openSharedStore(databaseUrl)).close();
  const pool = openSharedPool(databaseUrl);
  try {
    const { rows } = await pool.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       ORDER BY c.table_name, c.ordinal_position`,
    );
    for (const { table_name, column_name } of rows)
      tablesOf.PostgreSQL.set(table_name, [...(tablesOf.PostgreSQL.get(table_name) ?? []), column_name]);
  } finally {
    await pool.end();
  }
}, 60_000);

afterAll(async () => {
  await esdb?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the registry of a customer's tables", () => {
  it.each(Object.keys(tablesOf) as (keyof typeof tablesOf)[])(
    'declares every table of the %s store',
    (store) => {
      const tables = [...tablesOf[store].keys()];
      // The listing finds tables (it would pass on none).
      expect(tables.length, store).toBeGreaterThanOrEqual(5);
      expect(
        tables.filter((table) => !registered.has(table)),
        `tables of the ${store} store that CUSTOMER_DATA_TABLES and TABLES_WITHOUT_CUSTOMER_DATA do not declare`,
      ).toEqual([]);
    },
  );

  it('declares no table that no store has', () => {
    const present = new Set(Object.values(tablesOf).flatMap((tables) => [...tables.keys()]));
    expect([...registered].filter((table) => !present.has(table))).toEqual([]);
  });

  it("names, for each table holding a customer's data, a column that table has", () => {
    const wrong = Object.entries(CUSTOMER_DATA_TABLES).flatMap(([table, { column }]) =>
      Object.entries(tablesOf)
        .filter(([, tables]) => tables.has(table) && !tables.get(table)!.includes(column))
        .map(([store]) => `${store}: ${table}.${column}`),
    );
    expect(wrong).toEqual([]);
  });

  it("scrubs the tables keyed by a customer's streams by the registry, and only that customer's rows", async () => {
    const dataDir = freshDataDir();
    const stores = await openStores({ dataDir, eventStoreConnectionString: undefined });
    const file = sqliteFileIn(dataDir);
    try {
      // A snapshot is kept only while its last event is in the store: each stream gets one.
      const snapshot = async (streamId: string) => {
        await stores.store.appendToStream(streamId, [
          {
            type: 'UsageIncremented',
            data: {},
            metadata: { schemaVersion: 1, time: '2026-11-28T02:00:00.000Z' },
          },
        ]);
        const [last] = await stores.store.readStream(streamId);
        await stores.snapshots.save({
          streamId,
          revision: 0,
          lastEventId: last!.id,
          schemaVersion: 1,
          state: {},
        });
      };
      await snapshot('practice-ann');
      await snapshot('practice-annabel');
      const park = (projection: string, position: number, streamId: string) =>
        stores.readModels.park({
          projection,
          position,
          streamId,
          revision: 0,
          type: 'LessonEvaluated',
          error: 'UpcastError: LessonEvaluated at schema version 1 cannot be read',
          parkedAt: '2026-11-28T02:00:00.000Z',
        });
      park('practice_usage', 1, 'practice-ann');
      park('practice_reminders', 2, 'reminders-ann');
      park('practice_usage', 3, 'practice-annabel');

      const database = new Database(file, { readonly: true });
      try {
        const streamsIn = (table: string) =>
          database.prepare(`SELECT stream_id FROM ${table} ORDER BY stream_id`).pluck().all();
        expect(streamsIn('stream_snapshots')).toEqual(['practice-ann', 'practice-annabel']);
        expect(streamsIn('projection_parked_events')).toEqual([
          'practice-ann',
          'practice-annabel',
          'reminders-ann',
        ]);

        stores.scrubRowsOfStreams('ann');

        expect(streamsIn('stream_snapshots')).toEqual(['practice-annabel']);
        expect(streamsIn('projection_parked_events')).toEqual(['practice-annabel']);
      } finally {
        database.close();
      }
    } finally {
      await stores.close();
    }
  });
});
