import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { RateLimitCounters } from '../../auth/rate-limit-counters.js';
import { StartupError } from '../../startup-error.js';
import type { Leases } from '../leases/leases.js';
import type { PersonalDataKeys } from '../personal-data-keys/personal-data-keys.js';
import { createPostgresLeases } from './postgres-leases.js';
import { createPostgresPersonalDataKeys } from './postgres-personal-data-keys.js';
import { openSharedPool, type SharedPool } from './postgres-pool.js';
import { createPostgresRateLimitCounters } from './postgres-rate-limit-counters.js';
import { migrateSharedSchema, POSTGRES_TABLES } from './postgres-schema.js';
import { describeCause } from './shared-store-unavailable.js';

/** What hosts share beside the event store, in PostgreSQL (docs/postgresql.md). */
export interface SharedStore {
  keys: PersonalDataKeys;
  rateLimits: RateLimitCounters;
  leases: Leases;
  /** Rejects when PostgreSQL cannot be reached now (health). */
  probe(): Promise<void>;
  /**
   * Moves the keys and recorded erasures a host kept in its SQLite file (before DATABASE_URL) into
   * PostgreSQL, then deletes them there: a key left in two places would survive an erasure in one.
   */
  adoptLocalKeys(db: Database.Database, file: string): Promise<void>;
  close(): Promise<void>;
}

/** DATABASE_URL as a log line may show it: scheme, user, host, port and database, never a password or parameters. */
export const redactedDatabaseUrl = (databaseUrl: string): string => {
  try {
    const url = new URL(databaseUrl);
    const user = url.username ? `${url.username}@` : '';
    return `${url.protocol}//${user}${url.host}${url.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
};

/**
 * Connects to DATABASE_URL and creates the shared tables when missing. Refused, wrong password,
 * unknown database, no answer within 5 seconds: a StartupError naming DATABASE_URL and the cause.
 */
export const openSharedStore = async (databaseUrl: string, logger?: Logger): Promise<SharedStore> => {
  const pool = openSharedPool(databaseUrl, logger);
  try {
    await migrateSharedSchema(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    const cause = (error as { cause?: unknown }).cause ?? error;
    throw new StartupError(
      `PostgreSQL at DATABASE_URL (${redactedDatabaseUrl(databaseUrl)}) cannot be used: ${describeCause(cause)}`,
    );
  }
  let closed = false;
  return {
    keys: createPostgresPersonalDataKeys(pool),
    rateLimits: createPostgresRateLimitCounters(pool),
    leases: createPostgresLeases(pool),
    probe: async () => {
      await pool.query('SELECT 1');
    },
    adoptLocalKeys: (db, file) => adoptLocalKeys(pool, db, file, logger),
    close: async () => {
      // Once: a backend closed twice (a test, a shutdown racing a failure) must not throw here.
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
};

const LOCAL_KEYS = 'personal_data_keys';
const LOCAL_ERASURES = 'personal_data_erasures';

/**
 * Copies in one PostgreSQL transaction (what is there already stays), then deletes from the local
 * file what PostgreSQL now holds alike; so a crash anywhere is finished by the next start. A
 * stream whose key differs in the two is left in the local file and logged: nothing is lost.
 */
const adoptLocalKeys = async (
  pool: SharedPool,
  db: Database.Database,
  file: string,
  logger: Logger | undefined,
): Promise<void> => {
  const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
  const keys = tables.includes(LOCAL_KEYS)
    ? db.prepare<[], { stream_id: string; key: Buffer }>(`SELECT stream_id, key FROM ${LOCAL_KEYS}`).all()
    : [];
  const erasures = tables.includes(LOCAL_ERASURES)
    ? db
        .prepare<[], { stream_id: string; erased_at: string }>(
          `SELECT stream_id, erased_at FROM ${LOCAL_ERASURES}`,
        )
        .all()
    : [];
  if (keys.length === 0 && erasures.length === 0) return;
  const shared = await pool.transaction(async (client) => {
    await client.query(
      `INSERT INTO ${POSTGRES_TABLES.personalDataKeys} (stream_id, key)
       SELECT * FROM unnest($1::text[], $2::bytea[]) ON CONFLICT (stream_id) DO NOTHING`,
      [keys.map((row) => row.stream_id), keys.map((row) => row.key)],
    );
    await client.query(
      `INSERT INTO ${POSTGRES_TABLES.personalDataErasures} (stream_id, erased_at)
       SELECT * FROM unnest($1::text[], $2::timestamptz[]) ON CONFLICT (stream_id) DO NOTHING`,
      [erasures.map((row) => row.stream_id), erasures.map((row) => row.erased_at)],
    );
    const { rows } = await client.query<{ stream_id: string; key: Buffer }>(
      `SELECT stream_id, key FROM ${POSTGRES_TABLES.personalDataKeys} WHERE stream_id = ANY($1::text[])`,
      [keys.map((row) => row.stream_id)],
    );
    return new Map(rows.map((row) => [row.stream_id, row.key]));
  });
  const moved = keys.filter((row) => shared.get(row.stream_id)?.equals(row.key));
  const differing = keys.filter((row) => !shared.get(row.stream_id)?.equals(row.key));
  db.transaction(() => {
    const removeKey = db.prepare<[string]>(`DELETE FROM ${LOCAL_KEYS} WHERE stream_id = ?`);
    for (const row of moved) removeKey.run(row.stream_id);
    if (erasures.length > 0) db.exec(`DELETE FROM ${LOCAL_ERASURES}`);
  })();
  // secure_delete zeroes the deleted rows in the file; this empties the WAL of them too.
  db.pragma('wal_checkpoint(TRUNCATE)');
  logger?.info(
    { keys: moved.length, erasures: erasures.length, file },
    'moved the personal-data keys of this host into PostgreSQL (DATABASE_URL)',
  );
  if (differing.length > 0)
    logger?.error(
      { streams: differing.map((row) => row.stream_id), file },
      'personal-data keys differ between this host and PostgreSQL: kept in both, left for the operator',
    );
};
