import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * What SQLite itself commits on this machine: single-row write transactions a second (each its own
 * BEGIN IMMEDIATE … COMMIT, as a write takes the lock), in a fresh file with the event store's
 * settings (WAL, synchronous = NORMAL, secure_delete; sqlite-event-store.ts), a row about the size
 * of a practice event. The ceiling a practice write's rate is compared with (issue 37).
 */
export const rawSqliteCommitsPerSecond = (seconds = 2) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-raw-sqlite-'));
  const database = new Database(path.join(dir, 'raw.sqlite'));
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('secure_delete = ON');
    database.exec('CREATE TABLE events (position INTEGER PRIMARY KEY, stream_id TEXT, data TEXT)');
    const insert = database.prepare('INSERT INTO events (stream_id, data) VALUES (?, ?)');
    const commit = database.transaction((stream: string, data: string) => insert.run(stream, data));
    const data = JSON.stringify({ lessonId: 10005, ratingDifficulty: 'challenging', note: 'x'.repeat(240) });
    const until = performance.now() + seconds * 1000;
    let commits = 0;
    while (performance.now() < until) {
      commit.immediate(`practice-${commits % 64}`, data);
      commits++;
    }
    return Math.round(commits / seconds);
  } finally {
    database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
