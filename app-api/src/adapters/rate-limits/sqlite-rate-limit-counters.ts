import type Database from 'better-sqlite3';
import {
  fenceDigestOf,
  fenceDigestOfKey,
  customerRateLimitKey,
  sweepNowAndThen,
  type RateLimitCounter,
  type RateLimitCounters,
} from '../../auth/rate-limit-counters.js';
import { groupCommitOf } from '../sqlite-group-commit.js';

/**
 * Rate-limit counters in the table `rate_limits` of the embedded SQLite file (the event store's, or
 * the read-model file beside EventStoreDB). Each hit is one atomic upsert, so two processes on the
 * same file count together, and a restart forgets nothing. A hit commits with the other writes of
 * its turn of the event loop (`groupCommitOf`); the other calls are synchronous underneath and
 * resolve at once.
 */
export const createSqliteRateLimitCounters = (
  database: Database.Database,
  now: () => number = Date.now,
): RateLimitCounters => {
  database.exec(`CREATE TABLE IF NOT EXISTS rate_limits (
    key TEXT PRIMARY KEY,
    hits INTEGER NOT NULL,
    reset_at INTEGER NOT NULL -- epoch ms
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS rate_limit_fences (
    digest TEXT PRIMARY KEY -- an erased customer's, by fenceDigestOf
  ) WITHOUT ROWID`);
  const statements = {
    // The fence is checked in the same statement: a fenced customer's key is never stored again.
    hit: database.prepare(
      `INSERT INTO rate_limits (key, hits, reset_at) SELECT @key, 1, @now + @windowMs
       WHERE NOT EXISTS (SELECT 1 FROM rate_limit_fences WHERE digest = @fence)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN reset_at <= @now THEN 1 ELSE hits + 1 END,
         reset_at = CASE WHEN reset_at <= @now THEN @now + @windowMs ELSE reset_at END
       RETURNING hits, reset_at AS resetAt`,
    ),
    undo: database.prepare('UPDATE rate_limits SET hits = max(hits - 1, 0) WHERE key = ? AND reset_at > ?'),
    get: database.prepare('SELECT hits, reset_at AS resetAt FROM rate_limits WHERE key = ? AND reset_at > ?'),
    mark: database.prepare(
      `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET hits = 1, reset_at = excluded.reset_at`,
    ),
    reset: database.prepare('DELETE FROM rate_limits WHERE key = ?'),
    sweep: database.prepare('DELETE FROM rate_limits WHERE reset_at <= ?'),
    forget: database.prepare('DELETE FROM rate_limits WHERE instr(key, ?) > 0'),
    fence: database.prepare('INSERT OR IGNORE INTO rate_limit_fences (digest) VALUES (?)'),
    forgetEnding: database.prepare("DELETE FROM rate_limits WHERE key = ? OR key LIKE '%:' || ?"),
  };
  const fenceCustomerKeys = database.transaction((customerId: string) => {
    statements.fence.run(fenceDigestOf(customerId));
    const own = customerRateLimitKey(customerId);
    statements.forgetEnding.run(own, own);
  });
  const sweepDue = sweepNowAndThen();
  const groupCommit = groupCommitOf(database);
  return {
    // Hits asked for together commit together, with the appends of the same turn (group commit).
    hit: (key, windowMs) =>
      groupCommit.run(() => {
        const at = now();
        if (sweepDue()) statements.sweep.run(at);
        const counted = statements.hit.get({ key, now: at, windowMs, fence: fenceDigestOfKey(key) }) as
          RateLimitCounter | undefined;
        return counted ?? { hits: 1, resetAt: at + windowMs };
      }),
    async undo(key) {
      statements.undo.run(key, now());
    },
    get: async (key) => (statements.get.get(key, now()) as RateLimitCounter | undefined) ?? null,
    async mark(key, until) {
      statements.mark.run(key, until);
    },
    async reset(key) {
      statements.reset.run(key);
    },
    async forgetKeysContaining(fragment) {
      statements.forget.run(fragment);
    },
    async fenceCustomerKeys(customerId) {
      fenceCustomerKeys.immediate(customerId);
    },
  };
};
