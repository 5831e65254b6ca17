import type { TestProject } from 'vitest/node';
import {
  createPostgresCluster,
  destroyPostgresCluster,
  type PostgresClusterInfo,
} from '../../app-api/src/testing/postgres-cluster.js';
import '../../app-api/src/testing/test-postgres.js';

/**
 * vitest global setup: ONE throwaway PostgreSQL cluster for the whole run (temporary directory, free
 * port, trust on 127.0.0.1 only), handed to specs with `provide('postgres')` (read it with
 * `testPostgres()` / `newTestDatabase()` from app-api/src/testing/test-postgres.ts), stopped and
 * deleted at the end. Without PostgreSQL the run goes on and the PostgreSQL specs fail with the reason.
 */
export default async function setup(project: TestProject) {
  let cluster: PostgresClusterInfo | undefined;
  try {
    cluster = await createPostgresCluster();
    project.provide('postgres', { cluster });
  } catch (error) {
    project.provide('postgres', { unavailable: error instanceof Error ? error.message : String(error) });
  }
  return async () => {
    if (cluster) await destroyPostgresCluster(cluster);
  };
}
