import type { Logger } from 'pino';
import type { RateLimitCounters } from '../../auth/rate-limit-counters.js';
import { StartupError } from '../../startup-error.js';
import type { Leases } from '../leases/leases.js';
import type { PersonalDataKeys } from '../personal-data-keys/personal-data-keys.js';
import { createPostgresLeases } from './postgres-leases.js';
import { createPostgresPersonalDataKeys } from './postgres-personal-data-keys.js';
import { openSharedPool } from './postgres-pool.js';
import { createPostgresRateLimitCounters } from './postgres-rate-limit-counters.js';
import { migrateSharedSchema } from './postgres-schema.js';
import { describeCause } from './shared-store-unavailable.js';

/** What hosts share beside the event store, in PostgreSQL (docs/postgresql.md). */
export interface SharedStore {
  keys: PersonalDataKeys;
  rateLimits: RateLimitCounters;
  leases: Leases;
  /** Rejects when PostgreSQL cannot be reached now (health). */
  probe(): Promise<void>;
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
    close: async () => {
      // Once: a backend closed twice (a test, a shutdown racing a failure) must not throw here.
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
};
