import { newPersonalDataKey, type PersonalDataKeys } from '../personal-data-keys/personal-data-keys.js';
import type { SharedPool } from './postgres-pool.js';
import { POSTGRES_TABLES } from './postgres-schema.js';

const { personalDataKeys: KEYS, personalDataErasures: ERASURES } = POSTGRES_TABLES;

/**
 * The keys of crypto-shredding in PostgreSQL (DATABASE_URL), shared by every host: a key made on one
 * host opens the data on all, and a key deleted on one is gone for all at once. Nothing is cached,
 * for the reason the SQLite adapter gives (an erasure elsewhere must take effect here at once).
 */
export const createPostgresPersonalDataKeys = (pool: SharedPool): PersonalDataKeys => ({
  async keyFor(streamId) {
    // Two hosts making the first key of a stream at once: the first insert wins, both read it. Two
    // statements: the SELECT must see a row another host committed while our INSERT waited on it.
    await pool.query(
      `INSERT INTO ${KEYS} (stream_id, key) VALUES ($1, $2) ON CONFLICT (stream_id) DO NOTHING`,
      [streamId, newPersonalDataKey()],
    );
    const { rows } = await pool.query<{ key: Buffer }>(`SELECT key FROM ${KEYS} WHERE stream_id = $1`, [
      streamId,
    ]);
    if (!rows[0]) throw new Error(`the personal-data key of ${streamId} was deleted while it was being made`);
    return rows[0].key;
  },
  async existingKeys(streamIds) {
    if (streamIds.length === 0) return new Map();
    const { rows } = await pool.query<{ stream_id: string; key: Buffer }>(
      `SELECT stream_id, key FROM ${KEYS} WHERE stream_id = ANY($1::text[])`,
      [streamIds],
    );
    return new Map(rows.map((row) => [row.stream_id, row.key]));
  },
  async erasedAmong(streamIds) {
    if (streamIds.length === 0) return new Set();
    const { rows } = await pool.query<{ stream_id: string }>(
      `SELECT stream_id FROM ${ERASURES} WHERE stream_id = ANY($1::text[])`,
      [streamIds],
    );
    return new Set(rows.map((row) => row.stream_id));
  },
  async forget(streamId) {
    // One statement, so a key deleted is an erasure recorded.
    await pool.query(
      `WITH gone AS (DELETE FROM ${KEYS} WHERE stream_id = $1 RETURNING stream_id)
       INSERT INTO ${ERASURES} (stream_id, erased_at) SELECT stream_id, now() FROM gone
       ON CONFLICT (stream_id) DO UPDATE SET erased_at = excluded.erased_at`,
      [streamId],
    );
  },
  async isEmpty() {
    const { rows } = await pool.query<{ empty: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM ${KEYS}) AND NOT EXISTS (SELECT 1 FROM ${ERASURES}) AS empty`,
    );
    return rows[0]!.empty;
  },
});
