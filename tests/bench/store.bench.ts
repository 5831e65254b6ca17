/**
 * The embedded store's own costs, each as a ratio to raw better-sqlite3 measured in the same run:
 * - appending one event through the SQLite adapter (expected-revision check, stream revision,
 *   JSON) vs a raw prepared INSERT of the same row and stream upsert in a transaction, on the same
 *   schema and pragmas (adapter throughput ≥ 0.8 of raw);
 * - rebuilding every projection of a seeded store (`catchUp` on empty read models) vs a raw read
 *   of the same events (SELECT + JSON.parse), i.e. what the projections add to reading the log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { openStores, loadConfig } from '@stickwork/app-api';
import { ALL_PROJECTIONS, createProjectionRunner } from '@stickwork/projections';
import { practiceEventSchemaVersions, type PracticeEvent } from '@stickwork/domain';
import type { BenchReport } from './bench.js';

const APPENDS = Number(process.env.BENCH_APPENDS ?? 5000);
const SEEDED_EVENTS = Number(process.env.BENCH_SEEDED_EVENTS ?? 30000);
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

const event = (i: number): PracticeEvent =>
  i % 2
    ? {
        type: 'UsageIncremented',
        data: { usageType: 'lesson', day: `2026-03-${String((i % 28) + 1).padStart(2, '0')}` },
      }
    : {
        type: 'PracticeActivityRecorded',
        data: { day: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`, lessons: 1, minutes: 5 },
      };
const toAppend = (i: number) => {
  const e = event(i);
  return {
    ...e,
    metadata: { schemaVersion: practiceEventSchemaVersions[e.type], time: '2026-03-01T10:00:00.000Z' },
  };
};

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-bench-store-'));

/** Events per second appended one at a time through the adapter, over 100 streams. */
const adapterAppends = async () => {
  const dataDir = tempDir();
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir, PORT: '0' }));
  const revisions = new Map<string, number>();
  const start = process.hrtime.bigint();
  for (let i = 0; i < APPENDS; i++) {
    const stream = `practice-${i % 100}`;
    const expected = revisions.get(stream);
    const { nextExpectedRevision } = await stores.store.appendToStream(stream, [toAppend(i)], {
      expectedRevision: expected ?? 'no_stream',
    });
    revisions.set(stream, nextExpectedRevision);
  }
  const perSecond = APPENDS / seconds(start);
  await stores.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return perSecond;
};

/** The same rows written with raw better-sqlite3 on the adapter's schema and pragmas. */
const rawInserts = () => {
  const dataDir = tempDir();
  const db = new Database(path.join(dataDir, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('secure_delete = ON');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL, event_id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, data TEXT NOT NULL,
    metadata TEXT NOT NULL, UNIQUE (stream_id, revision));
    CREATE TABLE streams (stream_id TEXT PRIMARY KEY, revision INTEGER NOT NULL) WITHOUT ROWID;`);
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const upsert = db.prepare(
    'INSERT INTO streams (stream_id, revision) VALUES (?, ?) ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision',
  );
  const revisions = new Map<string, number>();
  const appendOne = db.transaction((stream: string, revision: number, i: number) => {
    const e = toAppend(i);
    insert.run(stream, revision, randomUUID(), e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
    upsert.run(stream, revision);
  });
  const start = process.hrtime.bigint();
  for (let i = 0; i < APPENDS; i++) {
    const stream = `practice-${i % 100}`;
    const revision = (revisions.get(stream) ?? -1) + 1;
    appendOne(stream, revision, i);
    revisions.set(stream, revision);
  }
  const perSecond = APPENDS / seconds(start);
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return perSecond;
};

/** Seeds a store, then times a rebuild of every projection and a raw read of the same rows. */
const rebuildVsRead = async () => {
  const dataDir = tempDir();
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir, PORT: '0' }));
  for (let batch = 0; batch < SEEDED_EVENTS / 100; batch++)
    await stores.store.appendToStream(
      `practice-${batch % 300}`,
      Array.from({ length: 100 }, (_, i) => toAppend(batch * 100 + i)),
    );
  const rebuilds: number[] = [];
  const reads: number[] = [];
  const raw = new Database(path.join(dataDir, 'stickwork.sqlite'), { readonly: true });
  const select = raw.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT 500');
  for (let round = 0; round < ROUNDS; round++) {
    for (const projection of ALL_PROJECTIONS) stores.readModels.reset(projection.name);
    const runner = createProjectionRunner(stores.store, stores.readModels, ALL_PROJECTIONS);
    let start = process.hrtime.bigint();
    await runner.catchUp();
    rebuilds.push(seconds(start));
    await runner.stop();
    start = process.hrtime.bigint();
    let after = 0;
    let parsed = 0;
    for (;;) {
      const rows = select.all(after) as { position: number; data: string; metadata: string }[];
      if (rows.length === 0) break;
      for (const row of rows) parsed += [JSON.parse(row.data), JSON.parse(row.metadata)].length;
      after = rows.at(-1)!.position;
    }
    reads.push(seconds(start));
    if (parsed !== SEEDED_EVENTS * 2) throw new Error(`read ${parsed / 2} of ${SEEDED_EVENTS} events`);
  }
  raw.close();
  await stores.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { rebuildSeconds: median(rebuilds), rawReadSeconds: median(reads) };
};

export const run = async (): Promise<BenchReport> => {
  const adapter: number[] = [];
  const raw: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    adapter.push(await adapterAppends());
    raw.push(rawInserts());
  }
  const appendRatio = Math.round((median(adapter) / median(raw)) * 100) / 100;
  const { rebuildSeconds, rawReadSeconds } = await rebuildVsRead();
  const rebuildRatio = Math.round((rebuildSeconds / rawReadSeconds) * 10) / 10;
  return {
    summary: [
      `append through the SQLite adapter: ${Math.round(median(adapter))}/s, raw better-sqlite3 ${Math.round(median(raw))}/s (ratio ${appendRatio}; target ≥ 0.8)`,
      `rebuild of every projection over ${SEEDED_EVENTS} events: ${(rebuildSeconds * 1000).toFixed(0)} ms, raw read ${(rawReadSeconds * 1000).toFixed(0)} ms (ratio ${rebuildRatio})`,
    ],
    results: {
      appends: APPENDS,
      adapterAppendsPerSecond: median(adapter),
      rawInsertsPerSecond: median(raw),
      appendRatio,
      seededEvents: SEEDED_EVENTS,
      rebuildSeconds,
      rawReadSeconds,
      rebuildToRawReadRatio: rebuildRatio,
    },
  };
};
