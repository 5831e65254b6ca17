import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackend, loadConfig } from '@stickwork/app-api';
import { runStoreBackup } from './store-backup.js';

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-backup-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('store backup', () => {
  it('copies the store, personal-data keys and all, into a file only its owner can read from the first page', async () => {
    const dataDir = tempDir();
    await (await createBackend(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }))).close();
    vi.stubEnv('DATA_DIR', dataDir);
    // The mode of the file SQLite copies the pages into, when the copy starts.
    const modesAtCopy: string[] = [];
    const backup = Database.prototype.backup;
    vi.spyOn(Database.prototype, 'backup').mockImplementation(function (
      this: Database.Database,
      destination: string,
      options?: Database.BackupOptions,
    ) {
      modesAtCopy.push(
        fs.existsSync(destination) ? `0${(fs.statSync(destination).mode & 0o777).toString(8)}` : 'absent',
      );
      return backup.call(this, destination, options);
    });
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const file = path.join(tempDir(), 'stickwork-backup.sqlite');

    await runStoreBackup({ file, force: false, json: true });

    expect(modesAtCopy).toEqual(['0600']);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
  });
});
