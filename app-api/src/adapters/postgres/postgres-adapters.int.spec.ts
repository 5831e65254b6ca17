import { describePersonalDataKeysContract } from '../personal-data-keys/personal-data-keys-contract.js';
import { describeRateLimitCountersContract } from '../rate-limits/rate-limit-counters-contract.js';
import { describeLeasesContract } from '../leases/leases-contract.js';
import { newTestDatabase } from '../../testing/test-postgres.js';
import { openSharedPool, type SharedPool } from './postgres-pool.js';
import { migrateSharedSchema, POSTGRES_TABLES } from './postgres-schema.js';
import { createPostgresPersonalDataKeys } from './postgres-personal-data-keys.js';
import { createPostgresRateLimitCounters } from './postgres-rate-limit-counters.js';
import { createPostgresLeases } from './postgres-leases.js';

// One database for this file (the run's throwaway cluster), emptied before each test; two pools on
// it stand for two hosts.
let database: Promise<string> | undefined;
const twoHosts = async () => {
  database ??= newTestDatabase().then(async (url) => {
    const pool = openSharedPool(url);
    await migrateSharedSchema(pool);
    await pool.end();
    return url;
  });
  const url = await database;
  const [one, two] = [openSharedPool(url), openSharedPool(url)];
  await one.query(`TRUNCATE ${Object.values(POSTGRES_TABLES).join(', ')}`);
  return {
    one,
    two,
    cleanup: async () => {
      await Promise.all([one.end(), two.end()]);
    },
  };
};

const on = <Port>(make: (pool: SharedPool) => Port) =>
  twoHosts().then(({ one, two, cleanup }) => ({ first: make(one), other: make(two), cleanup }));

describePersonalDataKeysContract('PostgreSQL, two pools on one database', async () => {
  const { first, other, cleanup } = await on(createPostgresPersonalDataKeys);
  return { keys: first, second: other, cleanup };
});

describeRateLimitCountersContract('PostgreSQL, two pools on one database', async (now) => {
  const { first, other, cleanup } = await on((pool) => createPostgresRateLimitCounters(pool, now));
  return { counters: first, second: other, cleanup };
});

describeLeasesContract('PostgreSQL, two pools on one database', async () => {
  const { first, other, cleanup } = await on(createPostgresLeases);
  return { leases: first, second: other, cleanup };
});
