import type { Database, Statement } from 'better-sqlite3';
import { newPersonalDataKey, type PersonalDataKeys } from './personal-data-keys.js';

export const PERSONAL_DATA_KEYS_TABLE = 'personal_data_keys';

/**
 * The key store as a table of a local SQLite file: the embedded store's own file, or beside
 * EventStoreDB the read-models file (the one that survives next to the server). The connection
 * runs with `secure_delete = ON` (both openers set it), so a deleted key's bytes are overwritten
 * with zeros in the file; erasure then truncates the WAL (`compactStore`).
 *
 * No key is cached in memory: another process on the host (the CLI) may delete one at any time,
 * and a stale copy here would both keep erased data readable and encrypt new data with a key that
 * is no longer stored.
 *
 * A read-only connection (the CLI's inspecting commands) creates nothing: before the table
 * exists, no stream has a key.
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
    `);
  }
  let select: Statement<[string], Buffer> | undefined;
  const selectKey = () => {
    if (select) return select;
    const exists = db
      .prepare<[string], number>("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .pluck()
      .get(PERSONAL_DATA_KEYS_TABLE);
    if (!exists) return undefined;
    select = db
      .prepare<[string], Buffer>(`SELECT key FROM ${PERSONAL_DATA_KEYS_TABLE} WHERE stream_id = ?`)
      .pluck();
    return select;
  };
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

  const existingKey = (streamId: string) => selectKey()?.get(streamId);
  return {
    existingKey,
    keyFor(streamId) {
      if (!insert) return refuse();
      // Two processes making the first key of a stream at once: the first insert wins, both read it.
      insert.run(streamId, newPersonalDataKey());
      return existingKey(streamId)!;
    },
    forget(streamId) {
      if (!remove) return refuse();
      remove.run(streamId);
    },
  };
};
