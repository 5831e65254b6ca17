import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteRateLimitCounters } from './sqlite-rate-limit-counters.js';

const files: string[] = [];
afterEach(() => {
  for (const dir of files.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const openTwice = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-limits-'));
  files.push(dir);
  const file = path.join(dir, 'limits.sqlite');
  const first = new Database(file);
  first.pragma('journal_mode = WAL');
  const second = new Database(file);
  second.pragma('busy_timeout = 5000');
  return [first, second] as const;
};

describe('rate-limit counters in SQLite', async () => {
  it('count together across connections (two processes), within one window', async () => {
    let now = 1_000_000;
    const [a, b] = openTwice();
    const one = createSqliteRateLimitCounters(a, () => now);
    const two = createSqliteRateLimitCounters(b, () => now);
    expect(await one.hit('k', 60_000)).toEqual({ hits: 1, resetAt: 1_060_000 });
    expect(await two.hit('k', 60_000)).toEqual({ hits: 2, resetAt: 1_060_000 });
    await two.undo('k');
    expect(await one.get('k')).toEqual({ hits: 1, resetAt: 1_060_000 });
    now = 1_060_000;
    expect(await one.get('k')).toBeNull();
    expect(await two.hit('k', 60_000)).toEqual({ hits: 1, resetAt: 1_120_000 });
    a.close();
    b.close();
  });

  it('marks, resets and forgets by key fragment', async () => {
    const now = 5_000;
    const [a, b] = openTwice();
    const counters = createSqliteRateLimitCounters(a, () => now);
    await counters.mark('login-known:email:abc:ip:1', 9_000);
    await counters.hit('mail:email:abc', 1_000);
    await counters.hit('mail:email:def', 1_000);
    expect(await counters.get('login-known:email:abc:ip:1')).toEqual({ hits: 1, resetAt: 9_000 });
    await counters.forgetKeysContaining('email:abc');
    expect(await counters.get('login-known:email:abc:ip:1')).toBeNull();
    expect(await counters.get('mail:email:abc')).toBeNull();
    expect(await counters.get('mail:email:def')).toEqual({ hits: 1, resetAt: 6_000 });
    await counters.reset('mail:email:def');
    expect(await counters.get('mail:email:def')).toBeNull();
    a.close();
    b.close();
  });
});
