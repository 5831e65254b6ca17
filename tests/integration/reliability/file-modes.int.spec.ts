import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogue } from '@stickwork/domain';
import { createBackend, loadConfig } from '@stickwork/app-api';
import {
  apiClient,
  nextClientIp,
  registerCustomer,
  startTestServer,
  type TestServer,
} from '@stickwork/app-api/testing';

/**
 * DATA_DIR holds the store with its own decryption keys, the password hashes, mails and secrets:
 * the folder is 0700 and every file in it 0600 (the store, its WAL and shared memory, read models,
 * the sheet-music cache, mails, secrets, markers), set at creation; a start over wider modes
 * tightens them and logs each path.
 */
const modeOf = (file: string) => `0${(fs.lstatSync(file).mode & 0o777).toString(8)}`;

/** Every folder and file under DATA_DIR (itself included) with its mode. */
const modesUnder = (dir: string): Record<string, string> => {
  const modes: Record<string, string> = { '.': modeOf(dir) };
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      modes[path.relative(dir, full)] = modeOf(full);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return modes;
};

const notPrivate = (modes: Record<string, string>, dataDir: string) =>
  Object.entries(modes).filter(([name, mode]) => {
    const isDir = fs.lstatSync(path.join(dataDir, name)).isDirectory();
    return mode !== (isDir ? '0700' : '0600');
  });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('file modes of DATA_DIR', () => {
  it('creates DATA_DIR 0700 and every file in it 0600 while serving', async () => {
    const ip = nextClientIp();
    const { token } = await registerCustomer(apiClient(server, { ip }));
    const api = apiClient(server, { ip, token, headers: { 'time-zone': 'UTC' } });
    expect(
      (await api.post('/api/practiceActivity', { countLessonsPracticed: 1, practiceDurationMinutes: 5 }))
        .status,
    ).toBe(201);
    const lesson = getCatalogue()[0]!;
    expect((await api.get(`/api/file/download?lessonId=${lesson.lesson_id}`)).status).toBe(200);

    const modes = modesUnder(server.dataDir);
    // What a running server keeps: the store with its WAL and shared memory, secrets, the outbox, the cache.
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining([
        'stickwork.sqlite',
        'stickwork.sqlite-wal',
        'stickwork.sqlite-shm',
        'secrets/jwt-secret',
        'outbox',
        'sheet-music',
      ]),
    );
    expect(notPrivate(modes, server.dataDir)).toEqual([]);
  });

  it('tightens wider modes at start and logs each path', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-modes-'));
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    try {
      await (await createBackend(config, { logger })).close();
      // As an older version, a restored backup or a careless copy leaves them.
      const store = path.join(dataDir, 'stickwork.sqlite');
      const secret = path.join(dataDir, 'secrets', 'jwt-secret');
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(store, 0o644);
      fs.chmodSync(path.join(dataDir, 'secrets'), 0o755);
      fs.chmodSync(secret, 0o664);
      expect(lines).toEqual([]);

      const backend = await createBackend(config, { logger });
      await backend.close();
      expect(notPrivate(modesUnder(dataDir), dataDir)).toEqual([]);
      const logged = lines.map(
        (line) => JSON.parse(line) as { path: string; was: string; now: string; msg: string },
      );
      expect(logged.map(({ path: where, was, now }) => ({ where, was, now }))).toEqual(
        expect.arrayContaining([
          { where: path.resolve(dataDir), was: '0755', now: '0700' },
          { where: path.resolve(store), was: '0644', now: '0600' },
          { where: path.resolve(dataDir, 'secrets'), was: '0755', now: '0700' },
          { where: path.resolve(secret), was: '0664', now: '0600' },
        ]),
      );
      expect(logged.every(({ msg }) => msg.startsWith('tightened a file mode in DATA_DIR'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
