import type { Database, Statement } from 'better-sqlite3';
import { newPersonalDataKey, type PersonalDataKeys } from './personal-data-keys.js';

export const PERSONAL_DATA_KEYS_TABLE = 'personal_data_keys';
/** The recorded erasures: stream id and time, never a key. */
export const PERSONAL_DATA_ERASURES_TABLE = 'personal_data_erasures';

/**
 * The key store as a table of a local SQLite file: the embedded store's own file, or beside
 * EventStoreDB the read-models file (the one that survives next to the server) unless
 * DATABASE_URL puts the keys in PostgreSQL. The connection runs with `secure_delete = ON` (both
 * openers set it), so a deleted key's bytes are overwritten with zeros in the file; erasure then
 * truncates the WAL (`compactStore`).
 *
 * No key is cached in memory: another process on the host (the CLI) may delete one at any time,
 * and a stale copy here would both keep erased data readable and encrypt new data with a key that
 * is no longer stored.
 *
 * A read-only connection (the CLI's inspecting commands) creates nothing: before the tables
 * exist, no stream has a key and none was erased. The calls are synchronous underneath and
 * resolve at once.
 */
export const createSqlitePersonalDataKeys = (
  db: Database,
  options: { readonly?: boolean } = {},
): PersonalDataKeys => {
  const readonly = options.readonly ?? false;
  if (!readonly) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${PERSONAL_DATA_KEYS_TABLE} (
        stream_id TEXT PRIMARY KEY,
        key BLOB NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS ${PERSONAL_DATA_ERASURES_TABLE} (
        stream_id TEXT PRIMARY KEY,
        erased_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  }
  const tableExists = (name: string) =>
    db
      .prepare<[string], number>("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .pluck()
      .get(name) !== undefined;
  /** A statement on a table that may not exist yet (read-only): undefined until it does. */
  const whenTableExists = <Row>(table: string, sql: string) => {
    let statement: Statement<[string], Row> | undefined;
    return () => {
      if (!statement && tableExists(table)) statement = db.prepare<[string], Row>(sql).pluck();
      return statement;
    };
  };
  const selectKey = whenTableExists<Buffer>(
    PERSONAL_DATA_KEYS_TABLE,
    `SELECT key FROM ${PERSONAL_DATA_KEYS_TABLE} WHERE stream_id = ?`,
  );
  const selectErased = whenTableExists<number>(
    PERSONAL_DATA_ERASURES_TABLE,
    `SELECT 1 FROM ${PERSONAL_DATA_ERASURES_TABLE} WHERE stream_id = ?`,
  );
  const refuse = () => {
    throw new Error('The store was opened read-only: no personal-data key can be made or deleted');
  };
  const insert = readonly
    ? undefined
    : db.prepare<[string, Buffer]>(
        `INSERT INTO ${PERSONAL_DATA_KEYS_TABLE} (stream_id, key) VALUES (?, ?)
         ON CONFLICT (stream_id) DO NOTHING`,
      );
  const remove = readonly
    ? undefined
    : db.prepare<[string]>(`DELETE FROM ${PERSONAL_DATA_KEYS_TABLE} WHERE stream_id = ?`);
  const recordErasure = readonly
    ? undefined
    : db.prepare<[string, string]>(
        `INSERT INTO ${PERSONAL_DATA_ERASURES_TABLE} (stream_id, erased_at) VALUES (?, ?)
         ON CONFLICT (stream_id) DO UPDATE SET erased_at = excluded.erased_at`,
      );

  const existingKey = (streamId: string) => selectKey()?.get(streamId);
  return {
    existingKeys: async (streamIds) =>
      new Map(
        streamIds.flatMap((streamId) => {
          const key = existingKey(streamId);
          return key ? [[streamId, key] as const] : [];
        }),
      ),
    erasedAmong: async (streamIds) =>
      new Set(streamIds.filter((streamId) => selectErased()?.get(streamId) !== undefined)),
    keyFor: async (streamId) => {
      if (!insert) return refuse();
      // Two processes making the first key of a stream at once: the first insert wins, both read it.
      insert.run(streamId, newPersonalDataKey());
      return existingKey(streamId)!;
    },
    forget: async (streamId) => {
      if (!remove || !recordErasure) return refuse();
      // One transaction: a key deleted is an erasure recorded.
      db.transaction(() => {
        if (remove.run(streamId).changes > 0) recordErasure.run(streamId, new Date().toISOString());
      }).immediate();
    },
    isEmpty: async () =>
      [PERSONAL_DATA_KEYS_TABLE, PERSONAL_DATA_ERASURES_TABLE].every(
        (table) =>
          !tableExists(table) ||
          db.prepare<[], number>(`SELECT 1 FROM ${table} LIMIT 1`).pluck().get() === undefined,
      ),
  };
};
