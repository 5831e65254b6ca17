import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqlitePersonalDataKeys } from './sqlite-personal-data-keys.js';
import { createInMemoryPersonalDataKeys } from './personal-data-keys.js';
import { describePersonalDataKeysContract } from './personal-data-keys-contract.js';

describePersonalDataKeysContract('SQLite, two connections to one file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-keys-'));
  const file = path.join(dir, 'keys.sqlite');
  const first = new Database(file);
  first.pragma('journal_mode = WAL');
  first.pragma('busy_timeout = 5000');
  const second = new Database(file);
  second.pragma('busy_timeout = 5000');
  return {
    keys: createSqlitePersonalDataKeys(first),
    second: createSqlitePersonalDataKeys(second),
    cleanup: async () => {
      first.close();
      second.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describePersonalDataKeysContract('in memory', async () => {
  const keys = createInMemoryPersonalDataKeys();
  return { keys, second: keys };
});
