import type { SharedPool } from './postgres-pool.js';

export const POSTGRES_TABLES = {
  personalDataKeys: 'stickwork_personal_data_keys',
  personalDataErasures: 'stickwork_personal_data_erasures',
  rateLimits: 'stickwork_rate_limits',
  rateLimitFences: 'stickwork_rate_limit_fences',
  leases: 'stickwork_leases',
} as const;

/** Any fixed number: every host takes the same advisory lock to create the tables one at a time. */
const SCHEMA_LOCK = 7_314_024;

/**
 * The shared tables, created at start when missing (CREATE TABLE IF NOT EXISTS; nothing is ever
 * dropped or rewritten). Two hosts starting at once would race on the catalogue, so the creation
 * runs under a transaction-scoped advisory lock. A later change adds a step here, idempotent too.
 */
export const migrateSharedSchema = (pool: SharedPool): Promise<void> =>
  pool.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${POSTGRES_TABLES.personalDataKeys} (
        stream_id text PRIMARY KEY,
        key bytea NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${POSTGRES_TABLES.personalDataErasures} (
        stream_id text PRIMARY KEY,
        erased_at timestamptz NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${POSTGRES_TABLES.rateLimits} (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        reset_at bigint NOT NULL -- epoch ms
      );
      CREATE TABLE IF NOT EXISTS ${POSTGRES_TABLES.rateLimitFences} (
        digest text PRIMARY KEY -- an erased customer's (sha256 of customer:<id>): their limits are never stored again
      );
      CREATE INDEX IF NOT EXISTS ${POSTGRES_TABLES.rateLimits}_reset_at ON ${POSTGRES_TABLES.rateLimits} (reset_at);
      CREATE TABLE IF NOT EXISTS ${POSTGRES_TABLES.leases} (
        name text PRIMARY KEY,
        holder text NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `);
  });
