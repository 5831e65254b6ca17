import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from './event-store/sqlite-event-store.js';
import { createSqliteRateLimitCounters } from './rate-limits/sqlite-rate-limit-counters.js';
import { groupCommitOf } from './sqlite-group-commit.js';

const directories: string[] = [];
const newFile = () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'stickwork-group-commit-'));
  directories.push(directory);
  return path.join(directory, 'store.db');
};
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A second connection, as another process sees the file: only what was committed. */
const countFrom = (file: string, table: string) => {
  const outside = new Database(file, { readonly: true });
  try {
    return outside.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  } finally {
    outside.close();
  }
};

describe('group commit', () => {
  const openTable = () => {
    const file = newFile();
    const database = new Database(file);
    database.pragma('journal_mode = WAL');
    database.exec('CREATE TABLE notes (text TEXT NOT NULL)');
    const insert = database.prepare('INSERT INTO notes (text) VALUES (?)');
    return { file, database, insert };
  };

  it('runs the writes of one turn in one transaction and answers each after its commit', async () => {
    const { file, database, insert } = openTable();
    const groupCommit = groupCommitOf(database);
    const seenInside: number[] = [];
    const answered = await Promise.all(
      ['a', 'b', 'c'].map((text) =>
        groupCommit
          .run(() => {
            insert.run(text);
            seenInside.push(countFrom(file, 'notes'));
            return text;
          })
          .then((result) => ({ result, committed: countFrom(file, 'notes') })),
      ),
    );
    expect(seenInside).toEqual([0, 0, 0]);
    expect(answered).toEqual(['a', 'b', 'c'].map((result) => ({ result, committed: 3 })));
    database.close();
  });

  it('undoes a write that throws, alone: its caller hears why, the others commit', async () => {
    const { database, insert } = openTable();
    const groupCommit = groupCommitOf(database);
    const outcomes = await Promise.allSettled([
      groupCommit.run(() => insert.run('kept')),
      groupCommit.run(() => {
        insert.run('undone');
        throw new Error('refused');
      }),
      groupCommit.run(() => insert.run('kept too')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(database.prepare('SELECT text FROM notes').pluck().all()).toEqual(['kept', 'kept too']);
    database.close();
  });

  it("joins the event store's appends and the rate-limit counters' hits of one turn", async () => {
    const file = newFile();
    const store = openSqliteEventStore({ file });
    const counters = createSqliteRateLimitCounters(store.database);
    let hitsSeenInside: number | undefined;
    const [hit] = await Promise.all([
      counters.hit('practice-write:customer:c-1', 60_000),
      store.appendToStream(
        'practice-c-1',
        [{ type: 'LessonEvaluated', data: {}, metadata: { schemaVersion: 1, time: '2026-11-29T05:00:00Z' } }],
        { inTransaction: () => void (hitsSeenInside = countFrom(file, 'rate_limits')) },
      ),
    ]);
    // The hit ran first in the group, not yet committed when the append did.
    expect(hitsSeenInside).toBe(0);
    expect(hit.hits).toBe(1);
    expect(countFrom(file, 'rate_limits')).toBe(1);
    expect(countFrom(file, 'events')).toBe(1);
    await store.close();
  });
});
