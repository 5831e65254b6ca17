import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createTestDatabase, type PostgresClusterInfo } from './postgres-cluster.js';

/** What the global setup (tests/support/postgres-cluster.ts) hands every spec. */
export type ProvidedPostgres = { cluster: PostgresClusterInfo } | { unavailable: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: ProvidedPostgres;
  }
}

/**
 * The run's throwaway PostgreSQL cluster. When none could be started (PostgreSQL not installed and
 * not installable here) this throws the reason: the PostgreSQL specs fail saying why, never skip.
 */
export const testPostgres = (): PostgresClusterInfo => {
  const provided = inject('postgres');
  if (provided === undefined)
    throw new Error(
      'No PostgreSQL for the tests: vitest.config.ts must run tests/support/postgres-cluster.ts',
    );
  if ('unavailable' in provided) throw new Error(`No PostgreSQL for the tests: ${provided.unavailable}`);
  return provided.cluster;
};

/** A fresh, empty database in the run's cluster; answers its URL. */
export const newTestDatabase = (): Promise<string> => createTestDatabase(testPostgres());

/**
 * What every host on DATABASE_URL must be given alike (config.ts refuses DATABASE_URL without
 * them): random for the test run, the same for every server a spec starts.
 */
export const SHARED_HOST_SECRETS = {
  JWT_SECRET: randomBytes(48).toString('base64'),
  RESERVATION_SECRET: randomBytes(48).toString('base64'),
} as const;
