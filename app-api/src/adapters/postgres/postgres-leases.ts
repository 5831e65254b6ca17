import { assertLeaseTtl, type Leases } from '../leases/leases.js';
import type { SharedPool } from './postgres-pool.js';
import { POSTGRES_TABLES } from './postgres-schema.js';

const TABLE = POSTGRES_TABLES.leases;

/**
 * Leases in PostgreSQL (DATABASE_URL), shared by every host, for duties that must run once in all.
 * Taking or renewing is one atomic UPSERT that only overwrites an expired lease or the holder's own,
 * so hosts racing for a free lease never both win. Expiry is judged by the database server's clock,
 * the one clock every host sees.
 */
export const createPostgresLeases = (pool: SharedPool): Leases => ({
  async acquire(name, holder, ttlMs) {
    assertLeaseTtl(ttlMs);
    // No row back: the conflict's WHERE refused the update (someone else holds an unexpired lease).
    const { rows } = await pool.query<{ holder: string }>(
      `INSERT INTO ${TABLE} AS lease (name, holder, expires_at)
         VALUES ($1, $2, clock_timestamp() + $3::bigint * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE lease.expires_at <= clock_timestamp() OR lease.holder = excluded.holder
       RETURNING holder`,
      [name, holder, ttlMs],
    );
    return rows[0]?.holder === holder;
  },
  async release(name, holder) {
    await pool.query(`DELETE FROM ${TABLE} WHERE name = $1 AND holder = $2`, [name, holder]);
  },
});
