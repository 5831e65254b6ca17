import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteRateLimitCounters } from './sqlite-rate-limit-counters.js';
import { describeRateLimitCountersContract } from './rate-limit-counters-contract.js';
import { createInMemoryRateLimitCounters } from '../../auth/rate-limit-counters.js';

describeRateLimitCountersContract('SQLite, two connections to one file', async (now) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-limits-'));
  const file = path.join(dir, 'limits.sqlite');
  const first = new Database(file);
  first.pragma('journal_mode = WAL');
  const second = new Database(file);
  second.pragma('busy_timeout = 5000');
  return {
    counters: createSqliteRateLimitCounters(first, now),
    second: createSqliteRateLimitCounters(second, now),
    cleanup: async () => {
      first.close();
      second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeRateLimitCountersContract('in memory', async (now) => {
  const counters = createInMemoryRateLimitCounters(now);
  return { counters, second: counters };
});
