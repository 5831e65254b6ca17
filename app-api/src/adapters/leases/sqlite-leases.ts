import type Database from 'better-sqlite3';
import { assertLeaseTtl, type Leases } from './leases.js';

/**
 * Leases in the table `leases` of a local SQLite file, shared by every process that opens it (the host's
 * cluster workers). Taking or renewing is one atomic UPSERT that only overwrites an expired lease or the
 * holder's own, so two processes racing for a free lease never both win. Expiry is judged by `now`
 * (epoch ms; every process on one host reads the same clock).
 */
export const createSqliteLeases = (database: Database.Database, now: () => number = Date.now): Leases => {
  database.exec(`CREATE TABLE IF NOT EXISTS leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at INTEGER NOT NULL -- epoch ms
  ) WITHOUT ROWID`);
  const statements = {
    acquire: database.prepare(
      `INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @now + @ttlMs)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE leases.expires_at <= @now OR leases.holder = excluded.holder
       RETURNING holder`,
    ),
    release: database.prepare('DELETE FROM leases WHERE name = ? AND holder = ?'),
  };
  return {
    // async: a refused duration or a SQLite error rejects the promise rather than throwing at the call.
    async acquire(name, holder, ttlMs) {
      assertLeaseTtl(ttlMs);
      // No row back: the conflict's WHERE refused the update (someone else holds an unexpired lease).
      const row = statements.acquire.get({ name, holder, now: now(), ttlMs }) as
        { holder: string } | undefined;
      return row?.holder === holder;
    },
    async release(name, holder) {
      statements.release.run(name, holder);
    },
  };
};
