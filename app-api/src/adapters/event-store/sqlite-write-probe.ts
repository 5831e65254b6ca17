import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

/** Below this much room (disk bytes free, or pages SQLite may still add) an append may fail. */
export const MIN_WRITE_HEADROOM_BYTES = 1024 * 1024;

/**
 * A cheap proof that the store's file can take a write, for /api/health. Throws with the reason when
 * - the file system holding the file has less than 1 MiB free (a full disk),
 * - SQLite may not grow the file by that much (`max_page_count`),
 * - or a small committed transaction fails (read-only file, I/O error, lock held too long).
 * The transaction rewrites one row of `health_probe`: a page or two of WAL per poll.
 */
export const createSqliteWriteProbe = (database: Database.Database): (() => void) => {
  database.exec(`CREATE TABLE IF NOT EXISTS health_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at INTEGER NOT NULL
  )`);
  const write = database.prepare('INSERT OR REPLACE INTO health_probe (id, at) VALUES (1, ?)');
  const directory = path.dirname(database.name);
  return () => {
    const disk = fs.statfsSync(directory);
    const freeBytes = disk.bavail * disk.bsize;
    if (freeBytes < MIN_WRITE_HEADROOM_BYTES)
      throw new Error(`the disk holding ${directory} has ${freeBytes} bytes free`);
    const pageSize = database.pragma('page_size', { simple: true }) as number;
    const headroom =
      ((database.pragma('max_page_count', { simple: true }) as number) -
        (database.pragma('page_count', { simple: true }) as number)) *
      pageSize;
    if (headroom < MIN_WRITE_HEADROOM_BYTES)
      throw new Error(`the store file may grow by only ${headroom} more bytes (max_page_count)`);
    write.run(Date.now());
  };
};
