import {
  customerRateLimitKey,
  fenceDigestOf,
  fenceDigestOfKey,
  sweepNowAndThen,
  type RateLimitCounter,
  type RateLimitCounters,
} from '../../auth/rate-limit-counters.js';
import type { SharedPool } from './postgres-pool.js';
import { POSTGRES_TABLES } from './postgres-schema.js';

const TABLE = POSTGRES_TABLES.rateLimits;
const FENCES = POSTGRES_TABLES.rateLimitFences;

const asCounter = (row: { hits: number; reset_at: string }): RateLimitCounter => ({
  hits: row.hits,
  resetAt: Number(row.reset_at),
});

/**
 * The advisory-lock space of the erasure fences (the two-key form, apart from the schema lock's one
 * key): a customer's hits take their lock shared, the fence takes it exclusive. Under READ COMMITTED
 * a statement sees only what committed before it began, so the fence check of a hit that began just
 * before the fence committed would miss it, and the fence's DELETE would miss the row that hit then
 * commits (3 of 12 rounds of the two-host erasure race kept a `practice-write:customer:<id>` row).
 */
const FENCE_LOCKS = 7_314_025;

/**
 * Rate-limit counters in PostgreSQL (DATABASE_URL), so every host counts together. Each hit is one
 * atomic UPSERT ... RETURNING (a window that ran out starts again in the same statement; a customer's
 * key in a transaction under its fence lock), so
 * concurrent hits from any number of hosts are each counted once. Windows are judged by `now`
 * (epoch ms, the host's clock: hosts keep theirs in step, and a window is minutes long).
 */
export const createPostgresRateLimitCounters = (
  pool: SharedPool,
  now: () => number = Date.now,
): RateLimitCounters => {
  const sweepDue = sweepNowAndThen();
  return {
    async hit(key, windowMs) {
      const at = now();
      if (sweepDue()) await pool.query(`DELETE FROM ${TABLE} WHERE reset_at <= $1`, [at]);
      const fence = fenceDigestOfKey(key);
      const upsert = (client: Pick<SharedPool, 'query'>) =>
        client.query<{ hits: number; reset_at: string }>(
          // The erasure fence in the same statement: a fenced customer's key is never stored again.
          `INSERT INTO ${TABLE} AS counter (key, hits, reset_at) SELECT $1, 1, $2::bigint + $3::bigint
           WHERE NOT EXISTS (SELECT 1 FROM ${FENCES} WHERE digest = $4)
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN counter.reset_at <= $2::bigint THEN 1 ELSE counter.hits + 1 END,
             reset_at = CASE WHEN counter.reset_at <= $2::bigint THEN $2::bigint + $3::bigint ELSE counter.reset_at END
           RETURNING hits, reset_at`,
          [key, at, windowMs, fence],
        );
      const { rows } =
        fence === null
          ? await upsert(pool)
          : await pool.transaction(async (client) => {
              // A customer's key: the statement above runs under their fence lock (shared by their
              // hits), so it sees a fence committed before it, and a fence that waits on it deletes its row.
              await client.query('SELECT pg_advisory_xact_lock_shared($1, hashtext($2))', [
                FENCE_LOCKS,
                fence,
              ]);
              return upsert(client);
            });
      return rows[0] ? asCounter(rows[0]) : { hits: 1, resetAt: at + windowMs };
    },
    async undo(key) {
      await pool.query(`UPDATE ${TABLE} SET hits = greatest(hits - 1, 0) WHERE key = $1 AND reset_at > $2`, [
        key,
        now(),
      ]);
    },
    async get(key) {
      const { rows } = await pool.query<{ hits: number; reset_at: string }>(
        `SELECT hits, reset_at FROM ${TABLE} WHERE key = $1 AND reset_at > $2`,
        [key, now()],
      );
      return rows[0] ? asCounter(rows[0]) : null;
    },
    async mark(key, until) {
      await pool.query(
        `INSERT INTO ${TABLE} (key, hits, reset_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET hits = 1, reset_at = excluded.reset_at`,
        [key, until],
      );
    },
    async reset(key) {
      await pool.query(`DELETE FROM ${TABLE} WHERE key = $1`, [key]);
    },
    async forgetKeysContaining(fragment) {
      await pool.query(`DELETE FROM ${TABLE} WHERE strpos(key, $1) > 0`, [fragment]);
    },
    async fenceCustomerKeys(customerId) {
      const own = customerRateLimitKey(customerId);
      await pool.transaction(async (client) => {
        // Exclusive: waits for the customer's hits in flight, whose rows the DELETE then sees.
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
          FENCE_LOCKS,
          fenceDigestOf(customerId),
        ]);
        await client.query(`INSERT INTO ${FENCES} (digest) VALUES ($1) ON CONFLICT DO NOTHING`, [
          fenceDigestOf(customerId),
        ]);
        await client.query(`DELETE FROM ${TABLE} WHERE key = $1 OR right(key, $2) = $3`, [
          own,
          own.length + 1,
          `:${own}`,
        ]);
      });
    },
  };
};
