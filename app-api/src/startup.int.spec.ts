import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { loadConfig } from './config.js';
import { createBackend } from './backend.js';
import { describeStartupFailure } from './startup-error.js';
import { sqliteFileIn } from './adapters/event-store/open-event-store.js';
import { freePort } from './testing/server-process.js';

/** Every start-up failure is one line naming the cause and the path. */
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-startup-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs the server's entry point (TypeScript sources through tsx) until it exits; bounded. */
const runMain = async (
  env: Record<string, string>,
  asNobody = false,
): Promise<{ code: number | null; stderr: string }> => {
  const run = promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'app-api/src/main.ts'],
    {
      cwd: root,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', ...env },
      timeout: 50_000,
      ...(asNobody ? { uid: 65534, gid: 65534 } : {}),
    },
  );
  return run.then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number | null; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
};

/** What main prints when createBackend fails on this DATA_DIR (or null when it starts). */
const startupLine = async (dataDir: string, env: Record<string, string> = {}): Promise<string | null> => {
  try {
    const backend = await createBackend(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), {
      logger: pino({ level: 'silent' }),
    });
    await backend.close();
    return null;
  } catch (error) {
    return describeStartupFailure(error);
  }
};

const writeSecret = (dataDir: string, secret: string) => {
  fs.mkdirSync(path.join(dataDir, 'secrets'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'secrets', 'jwt-secret'), secret);
};

describe('start-up failures', () => {
  it.each([
    ['empty', '', 'holds nothing'],
    ['blank', '   \n', 'holds nothing'],
    ['3 characters', 'abc', 'holds only 3 characters'],
    ['31 characters', 'x'.repeat(31), 'holds only 31 characters'],
  ])('refuse a %s secret file like a short JWT_SECRET', async (_kind, secret, words) => {
    const dataDir = tempDir();
    writeSecret(dataDir, secret);
    const line = await startupLine(dataDir);
    expect(line).toContain(words);
    expect(line).toContain(path.join(dataDir, 'secrets', 'jwt-secret'));
    expect(line).toContain('at least 32');
  });

  it.each([
    ['32 × a', 'a'.repeat(32), 1],
    ['two characters repeated', 'ab'.repeat(20), 2],
    ['32 zeros (hex, but no randomness)', '0'.repeat(32), 1],
    ['a few words repeated', 'drum '.repeat(8), 5],
  ])('refuses a weak secret file (%s), naming it', async (_kind, secret, distinct) => {
    const dataDir = tempDir();
    writeSecret(dataDir, secret);
    const line = await startupLine(dataDir);
    expect(line).toBe(
      `Stickwork could not start: the secret file ${path.join(dataDir, 'secrets', 'jwt-secret')} is too weak: ` +
        `only ${distinct} distinct characters; a secret needs at least 16, or 128 random bits as hex or base64 ` +
        '(delete the file to have one generated, which logs everyone out, or set JWT_SECRET)',
    );
  });

  it.each([
    ['32 random hex digits (128 bits)', '9f3c07a1e4b2d86c5a0f7e3b1d9c4a26'],
    ['a base64 key', 'q7Zr0Wm3XcVb9Lk2Pf8Hs1Jd4Ng6Ty5E'],
    ['a passphrase of 16+ distinct characters', 'paradiddle flam tap, rimshot & ghost!'],
  ])('accepts a secret file of enough entropy: %s', async (_kind, secret) => {
    const dataDir = tempDir();
    writeSecret(dataDir, secret);
    expect(await startupLine(dataDir)).toBeNull();
  });

  it.each(['JWT_SECRET', 'RESERVATION_SECRET'])(
    'refuses a weak %s, naming the variable',
    async (variable) => {
      const line = await startupLine(tempDir(), { [variable]: 'a'.repeat(32) });
      expect(line).toBe(
        `Stickwork could not start: Configuration error: ${variable} is too weak: only 1 distinct characters; ` +
          'a secret needs at least 16, or 128 random bits as hex or base64 ' +
          '(generate one with `openssl rand -base64 48`, or unset it)',
      );
    },
  );

  it.each([
    ['the store file', 'stickwork.sqlite', 'is a directory, not a file'],
    ['the store file', 'stickwork.sqlite-wal', 'is a directory, not a file'],
    ['the secret file', 'secrets/jwt-secret', 'cannot be read: it is a directory (EISDIR)'],
    ['the secret file', 'secrets/reservation-secret', 'cannot be read: it is a directory (EISDIR)'],
    ['the marker file', 'reservation-names.json', 'cannot be read: it is a directory (EISDIR)'],
  ])('names the path when %s (%s) is a directory', async (what, name, words) => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, name), { recursive: true });
    const line = await startupLine(dataDir);
    expect(line).toContain(`Stickwork could not start: ${what} `);
    expect(line).toContain(path.join(dataDir, name));
    expect(line).toContain(words);
  });

  it('names the outbox when it is a file, not a folder', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'outbox'), '');
    expect(await startupLine(dataDir)).toBe(
      `Stickwork could not start: the outbox ${path.join(dataDir, 'outbox')} is not a folder: ` +
        'move it away (mails are written into DATA_DIR/outbox/)',
    );
  });

  it('refuses a zero-byte store file instead of starting an empty store over it', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(sqliteFileIn(dataDir), '');
    const line = await startupLine(dataDir);
    expect(line).toBe(
      `Stickwork could not start: the store file ${sqliteFileIn(dataDir)} is empty (0 bytes); restore it from a backup, or move it away to start an empty store`,
    );
    expect(fs.statSync(sqliteFileIn(dataDir)).size).toBe(0);
  });

  it('refuses a store file that is not a database', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(sqliteFileIn(dataDir), 'x'.repeat(8192));
    expect(await startupLine(dataDir)).toMatch(/^Stickwork could not start: the store file .* is damaged \(/);
  });

  it('refuses a store whose pages are corrupt (quick check at open)', async () => {
    const dataDir = tempDir();
    // A store with some events, then a page in the middle overwritten.
    const backend = await createBackend(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      logger: pino({ level: 'silent' }),
    });
    for (let i = 0; i < 200; i++)
      await backend.store.appendToStream(`test-${i}`, [
        { type: 'Filled', data: { text: 'z'.repeat(500) }, metadata: { schemaVersion: 1, time: '' } },
      ]);
    backend.compactStore();
    await backend.close();
    const file = sqliteFileIn(dataDir);
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0xa5, pageSize * 3, pageSize * 5);
    fs.writeFileSync(file, bytes);
    const line = await startupLine(dataDir);
    expect(line).toMatch(
      new RegExp(
        `^Stickwork could not start: the store file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged \\(.+\\); restore it from a backup, or move it away to start an empty store$`,
      ),
    );
    // One line, whatever SQLite's report holds (its rows run over several lines).
    expect(line).not.toContain('\n');
    expect(line).not.toContain('*** in database');
  });

  it('names a DATA_DIR that cannot be a directory', async () => {
    const parent = tempDir();
    const file = path.join(parent, 'a-file');
    fs.writeFileSync(file, '');
    expect(await startupLine(path.join(file, 'data'))).toBe(
      `Stickwork could not start: DATA_DIR ${path.join(file, 'data')} cannot be created: a part of the path is a file, not a directory (ENOTDIR)`,
    );
  });

  it('turns file-system errors into one line with the path', () => {
    const error = Object.assign(new Error("EROFS: read-only file system, mkdir '/srv/data/secrets'"), {
      code: 'EROFS',
      syscall: 'mkdir',
      path: '/srv/data/secrets',
    });
    expect(describeStartupFailure(error)).toBe(
      'Stickwork could not start: cannot mkdir /srv/data/secrets: the file system is read-only (EROFS)',
    );
  });

  it('leaves the process with one line on stderr and exit code 1', async () => {
    const dataDir = tempDir();
    writeSecret(dataDir, 'abc');
    const failure = await runMain({ DATA_DIR: dataDir });
    expect(failure.code).toBe(1);
    const lines = failure.stderr.trim().split('\n');
    expect(lines, failure.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Stickwork could not start: the secret file .*jwt-secret holds only 3 characters/,
    );
  }, 60_000);

  it('stops with one line naming EVENTSTORE_CONNECTION_STRING when EventStoreDB is unreachable', async () => {
    const port = await freePort(); // nothing listens on it
    const unreachable = `esdb://127.0.0.1:${port}?tls=false`;
    expect(await startupLine(tempDir(), { EVENTSTORE_CONNECTION_STRING: unreachable })).toBe(
      `Stickwork could not start: EVENTSTORE_CONNECTION_STRING: EventStoreDB is unreachable at 127.0.0.1:${port}`,
    );
    const failure = await runMain({ DATA_DIR: tempDir(), EVENTSTORE_CONNECTION_STRING: unreachable });
    expect(failure.code).toBe(1);
    expect(failure.stderr.trim().split('\n'), failure.stderr).toEqual([
      `Stickwork could not start: EVENTSTORE_CONNECTION_STRING: EventStoreDB is unreachable at 127.0.0.1:${port}`,
    ]);
  }, 60_000);

  it('names a DATA_DIR it may not write (not a misleading mkdir of secrets)', async () => {
    const parent = tempDir();
    fs.chmodSync(parent, 0o555);
    // root writes anywhere: then the server runs as nobody, for whom the directory is read-only.
    const asNobody = process.getuid?.() === 0;
    const existing = await runMain({ DATA_DIR: parent }, asNobody);
    expect(existing.code).toBe(1);
    expect(existing.stderr.trim()).toBe(
      `Stickwork could not start: DATA_DIR ${parent} is not writable: permission denied (EACCES)`,
    );
    const missing = await runMain({ DATA_DIR: path.join(parent, 'data') }, asNobody);
    expect(missing.stderr.trim()).toBe(
      `Stickwork could not start: DATA_DIR ${path.join(parent, 'data')} cannot be created: permission denied (EACCES)`,
    );
  }, 60_000);
});
