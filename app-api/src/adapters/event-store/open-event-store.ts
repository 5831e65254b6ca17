import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createInMemorySnapshotStore, type EventStore, type SnapshotStore } from '@stickwork/domain';
import type { ReadModelStore } from '@stickwork/projections';
import type { Config } from '../../config.js';
import { createSqliteReadModelStore } from '../read-models/sqlite-read-model-store.js';
import { createSqliteSnapshotStore } from '../snapshots/sqlite-snapshot-store.js';
import { createRowsOfStreamsScrub } from '../read-models/scrub-rows-of-streams.js';
import { openSqliteEventStore } from './sqlite-event-store.js';
import { asStoreDamage } from './sqlite-integrity.js';
import { makePrivate } from '../../data-dir-modes.js';
import { createSqliteRateLimitCounters } from '../rate-limits/sqlite-rate-limit-counters.js';
import { createSqliteWriteProbe } from './sqlite-write-probe.js';
import { createSqlitePersonalDataKeys } from '../personal-data-keys/sqlite-personal-data-keys.js';
import { withPersonalDataShredding } from '../personal-data-keys/shredding-event-store.js';
import { createInMemoryRateLimitCounters, type RateLimitCounters } from '../../auth/rate-limit-counters.js';
import { createInMemoryLeases, type Leases } from '../leases/leases.js';
import { createSqliteLeases } from '../leases/sqlite-leases.js';
import type { PersonalDataKeys } from '../personal-data-keys/personal-data-keys.js';
import { assertKeysForSealedEvents } from '../personal-data-keys/missing-keys-check.js';
import { openSharedStore, type SharedStore } from '../postgres/shared-store.js';
import type { Logger } from 'pino';

export const SQLITE_FILE_NAME = 'stickwork.sqlite';
/** Beside EventStoreDB the read models still live in a local SQLite file. */
export const READ_MODELS_FILE_NAME = 'read-models.sqlite';

export const sqliteFileIn = (dataDir: string): string => path.join(dataDir, SQLITE_FILE_NAME);

export interface OpenedStores {
  store: EventStore;
  readModels: ReadModelStore;
  /** Decision-state snapshots of streams (same SQLite file as the read models; in memory when read-only). */
  snapshots: SnapshotStore;
  /**
   * Rate-limit counters in the local SQLite file, shared by every process on the host; with
   * DATABASE_URL in PostgreSQL, shared by every host.
   */
  rateLimits: RateLimitCounters;
  /** Leases in the local SQLite file, shared by every process on the host (in memory when read-only). */
  leases: Leases;
  /** Leases shared by every host: PostgreSQL with DATABASE_URL, else the host's own (`leases`). */
  sharedLeases: Leases;
  /**
   * Start-up's check that the key store is not lost: refuses (StartupError) an empty key store
   * beside a log that holds sealed personal data. Run once the event store is known to answer.
   */
  assertPersonalDataKeys(): Promise<void>;
  /** With DATABASE_URL: rejects when PostgreSQL cannot be reached now (health); else undefined. */
  probeShared: (() => Promise<void>) | undefined;
  /**
   * Throws when the local SQLite file cannot take a write (disk full, read-only, I/O error): the
   * store's own file when embedded; beside EventStoreDB, the read-model file (the remote store's
   * health is its own).
   */
  probeWrite(): void;
  /** Pushes deleted bytes out of the files (SQLite: WAL checkpoint), after an erasure. */
  compact(): void;
  /**
   * Erasure: deletes the local file's rows keyed by the customer's streams (snapshots, parked events:
   * the `rows-of-streams` tables of CUSTOMER_DATA_TABLES).
   */
  scrubRowsOfStreams(customerId: string): void;
  close(): Promise<void>;
}

const openReadModelDatabase = (file: string) => {
  let db: Database.Database | undefined;
  try {
    db = new Database(file);
    makePrivate(file);
    db.pragma('journal_mode = WAL');
    db.pragma('secure_delete = ON');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    db?.close();
    throw asStoreDamage(error, file, 'the read-model file');
  }
};

/** What openStores reads of the configuration (DATABASE_URL optional: most tests leave it out). */
type StoresConfig = Pick<Config, 'dataDir' | 'eventStoreConnectionString'> &
  Partial<Pick<Config, 'databaseUrl'>>;

export interface OpenStoresOptions {
  readonly?: boolean;
  /** Told of a stream whose sealed personal data has no key and no recorded erasure. */
  onMissingKey?: (streamId: string) => void;
  /** Where the shared store's connection troubles are logged. */
  logger?: Logger;
}

/** Where the keys are, in an operator's words, and what to do when they are missing. */
const keyStoreOf = (config: StoresConfig) =>
  config.databaseUrl
    ? {
        keyStore: "DATABASE_URL's key store",
        remedy: 'restore the keys, or point DATABASE_URL at the right database',
      }
    : config.eventStoreConnectionString
      ? {
          keyStore: `the key store in DATA_DIR/${READ_MODELS_FILE_NAME}`,
          remedy:
            'restore that file from a backup, or point DATA_DIR at the right directory ' +
            '(hosts on one event store share their keys through DATABASE_URL)',
        }
      : {
          keyStore: `the key store in DATA_DIR/${SQLITE_FILE_NAME}`,
          remedy: 'restore that file from a backup, or point DATA_DIR at the right directory',
        };

/**
 * EventStoreDB when a connection string is configured, otherwise the embedded SQLite file;
 * read models sit in the same SQLite file (one transaction with their checkpoint) or, beside
 * EventStoreDB, in a SQLite file of their own. Either store is wrapped for crypto-shredding
 * (`withPersonalDataShredding`), its keys in that same local SQLite file (docs/eventstoredb.md),
 * unless DATABASE_URL is set: then the keys, the rate-limit counters and the shared leases live in
 * PostgreSQL for every host (docs/postgresql.md), and read models, snapshots and the host's
 * leases stay in the local file.
 */
export const openStores = async (
  config: StoresConfig,
  options: OpenStoresOptions = {},
): Promise<OpenedStores> => {
  const shared = config.databaseUrl ? await openSharedStore(config.databaseUrl, options.logger) : undefined;
  try {
    return await openLocalStores(config, options, shared);
  } catch (error) {
    await shared?.close().catch(() => undefined);
    throw error;
  }
};

const openLocalStores = async (
  config: StoresConfig,
  options: OpenStoresOptions,
  shared: SharedStore | undefined,
): Promise<OpenedStores> => {
  const shredding = { onMissingKey: options.onMissingKey };
  const sharedParts = (keys: PersonalDataKeys, raw: EventStore, hostLeases: Leases) => ({
    sharedLeases: shared?.leases ?? hostLeases,
    assertPersonalDataKeys: () => assertKeysForSealedEvents(raw, keys, keyStoreOf(config)),
    probeShared: shared?.probe,
  });
  if (config.eventStoreConnectionString) {
    // Loaded only when configured: the gRPC client alone takes about a second to import.
    const { connectEventStoreDb } = await import('./eventstoredb-event-store.js');
    const db = openReadModelDatabase(path.join(config.dataDir, READ_MODELS_FILE_NAME));
    if (shared && !options.readonly) await shared.adoptLocalKeys(db, `DATA_DIR/${READ_MODELS_FILE_NAME}`);
    // The keys stay beside the server, never in its log: deleting one shreds what the log keeps.
    const keys = shared?.keys ?? createSqlitePersonalDataKeys(db);
    const raw = connectEventStoreDb(config.eventStoreConnectionString);
    const store = withPersonalDataShredding(raw, keys, shredding);
    const leases = createSqliteLeases(db);
    return {
      store,
      readModels: createSqliteReadModelStore(db),
      snapshots: createSqliteSnapshotStore(db),
      rateLimits: shared?.rateLimits ?? createSqliteRateLimitCounters(db),
      leases,
      ...sharedParts(keys, raw, leases),
      probeWrite: createSqliteWriteProbe(db),
      compact: () => void db.pragma('wal_checkpoint(TRUNCATE)'),
      scrubRowsOfStreams: createRowsOfStreamsScrub(db),
      close: async () => {
        db.close();
        await store.close();
        await shared?.close();
      },
    };
  }
  const file = sqliteFileIn(config.dataDir);
  if (options.readonly && !fs.existsSync(file)) {
    throw new Error(`no Stickwork store at ${file}: start the server once, or set DATA_DIR`);
  }
  const readonly = options.readonly ?? false;
  const sqliteStore = openSqliteEventStore({ file: sqliteFileIn(config.dataDir), readonly });
  if (shared && !readonly) await shared.adoptLocalKeys(sqliteStore.database, `DATA_DIR/${SQLITE_FILE_NAME}`);
  // Embedded, the events are deleted for real; the keys share their file (one backup, one compaction).
  const keys = shared?.keys ?? createSqlitePersonalDataKeys(sqliteStore.database, { readonly });
  const store = withPersonalDataShredding(sqliteStore, keys, shredding);
  // A read-only opening runs no background duty: nobody to share a lease with.
  const leases = options.readonly ? createInMemoryLeases() : createSqliteLeases(store.database);
  return {
    store,
    readModels: options.readonly ? createReadOnlyGuard() : createSqliteReadModelStore(store.database),
    // A read-only opening serves no requests: its counters need not be shared.
    rateLimits: options.readonly
      ? createInMemoryRateLimitCounters()
      : (shared?.rateLimits ?? createSqliteRateLimitCounters(store.database)),
    leases,
    ...sharedParts(keys, sqliteStore, leases),
    probeWrite: options.readonly
      ? () => {
          throw new Error('The store was opened read-only');
        }
      : createSqliteWriteProbe(store.database),
    snapshots: options.readonly
      ? createInMemorySnapshotStore()
      : createSqliteSnapshotStore(store.database, { eventsInSameFile: true }),
    compact: () => void store.database.pragma('wal_checkpoint(TRUNCATE)'),
    // A read-only opening never erases (and may not write).
    scrubRowsOfStreams: readonly ? () => undefined : createRowsOfStreamsScrub(store.database),
    close: async () => {
      await store.close();
      await shared?.close();
    },
  };
};

/** A read-only opening (store info) has no read models to offer. */
const createReadOnlyGuard = (): ReadModelStore => {
  const refuse = () => {
    throw new Error('The store was opened read-only: read models are not available');
  };
  return {
    transaction: refuse,
    get: refuse,
    put: refuse,
    delete: refuse,
    list: refuse,
    listUnder: refuse,
    deleteUnder: refuse,
    checkpoint: refuse,
    checkpoints: refuse,
    setCheckpoints: refuse,
    park: refuse,
    unpark: refuse,
    parked: refuse,
    reset: refuse,
    swap: refuse,
    names: refuse,
  };
};
