import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteLeases } from './sqlite-leases.js';
import { createInMemoryLeases } from './leases.js';
import { describeLeasesContract } from './leases-contract.js';

describeLeasesContract('SQLite, two connections to one file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-leases-'));
  const file = path.join(dir, 'leases.sqlite');
  const first = new Database(file);
  first.pragma('journal_mode = WAL');
  first.pragma('busy_timeout = 5000');
  const second = new Database(file);
  second.pragma('busy_timeout = 5000');
  return Promise.resolve({
    leases: createSqliteLeases(first),
    second: createSqliteLeases(second),
    cleanup: () => {
      first.close();
      second.close();
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});

describeLeasesContract('in memory', () => {
  const leases = createInMemoryLeases();
  return Promise.resolve({ leases, second: leases });
});
