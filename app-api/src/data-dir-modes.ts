import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { errnoWords, StartupError } from './startup-error.js';

/**
 * DATA_DIR holds the store with its own personal-data keys, password hashes, mails, secrets, read
 * models, caches and exports: only the server's user may enter it or read anything in it.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const permissions = (mode: number) => mode & 0o777;
const octal = (mode: number) => `0${permissions(mode).toString(8)}`;

/**
 * A file made private right after its creation, before anything is written to it (SQLite gives
 * the WAL and shared-memory files the mode of their database file).
 */
export const makePrivate = (file: string): void => {
  if (permissions(fs.statSync(file).mode) !== PRIVATE_FILE_MODE) fs.chmodSync(file, PRIVATE_FILE_MODE);
};

export interface TightenedMode {
  path: string;
  was: string;
  now: string;
}

/**
 * Checked at start: DATA_DIR is 0700 and everything in it 0600 (folders 0700). A wider mode (an
 * older version's files, a restored backup, a copy) is tightened and logged with its path; one
 * that cannot be changed (another owner) stops start-up naming the path. Symbolic links are not
 * followed.
 */
export const tightenDataDirModes = (dataDir: string, logger: Pick<Logger, 'warn'>): TightenedMode[] => {
  const tightened: TightenedMode[] = [];
  const tighten = (target: string, stats: fs.Stats) => {
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((permissions(stats.mode) & ~wanted) === 0) return;
    try {
      fs.chmodSync(target, permissions(stats.mode) & wanted);
    } catch (error) {
      throw new StartupError(
        `${target} in DATA_DIR is open to other users (mode ${octal(stats.mode)}) and cannot be made private: ${errnoWords(error)}; ` +
          `give it to the server's user or remove it`,
      );
    }
    const change = { path: target, was: octal(stats.mode), now: octal(permissions(stats.mode) & wanted) };
    tightened.push(change);
    logger.warn(change, 'tightened a file mode in DATA_DIR: only the server may read it');
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      let stats: fs.Stats;
      try {
        stats = fs.lstatSync(full);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile (a draft)
        throw error;
      }
      tighten(full, stats);
      if (stats.isDirectory()) walk(full);
    }
  };
  const root = path.resolve(dataDir);
  tighten(root, fs.statSync(root));
  walk(root);
  return tightened;
};
