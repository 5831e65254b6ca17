import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, loadConfig, type Backend } from '@stickwork/app-api';
import { pino } from 'pino';
import { runCli } from '../testing/run-cli.js';

let dataDir: string;
let server: Backend;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cli-'));
  // The server's backend stays open (and keeps writing) while the CLI reads the same file.
  server = await createBackend(loadConfig({ DATA_DIR: dataDir }), { logger: pino({ level: 'silent' }) });
  const metadata = { schemaVersion: 1, time: '2026-11-21T10:00:00.000Z' };
  await server.store.appendToStream('practice-a', [
    { type: 'UsageIncremented', data: {}, metadata },
    { type: 'UsageIncremented', data: {}, metadata },
  ]);
  await server.store.appendToStream('practice-b', [{ type: 'UsageIncremented', data: {}, metadata }]);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('stickwork store info', () => {
  it('reports the running server store as JSON', async () => {
    const run = await runCli(['store', 'info', '--json'], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    const stats = await server.store.stats();
    expect(JSON.parse(run.stdout)).toEqual({
      kind: 'sqlite',
      streams: 2,
      events: 3,
      lastPosition: stats.lastPosition,
    });
  });

  it('sees events the server writes after it started', async () => {
    await server.store.appendToStream('practice-c', [
      {
        type: 'UsageIncremented',
        data: {},
        metadata: { schemaVersion: 1, time: '2026-11-21T11:00:00.000Z' },
      },
    ]);
    const run = await runCli(['store', 'info'], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/kind\s+sqlite/);
    expect(run.stdout).toMatch(/streams\s+3/);
    expect(run.stdout).toMatch(/events\s+4/);
  });

  it('fails with one clear line and exit code 1 where there is no store', async () => {
    const missing = path.join(dataDir, 'nothing-here');
    const run = await runCli(['store', 'info'], { DATA_DIR: missing });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `stickwork: error: cannot open the embedded store in ${missing}: no Stickwork store`,
    );
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('names a bad configuration variable', async () => {
    const run = await runCli(['store', 'info'], {
      DATA_DIR: dataDir,
      EVENTSTORE_CONNECTION_STRING: 'http://nope',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'EVENTSTORE_CONNECTION_STRING must be an esdb:// or kurrentdb:// connection string',
    );
  });

  it('refuses unknown commands with usage help', async () => {
    const run = await runCli(['bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("stickwork: error: unknown command 'bogus'");
  });
});

describe('stickwork store check', () => {
  it("runs SQLite's full integrity check on the running server's store", async () => {
    const run = await runCli(['store', 'check', '--json'], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, problems: [] });
  });

  it('reports a damaged store and exits 1', async () => {
    const damaged = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-damaged-'));
    try {
      // SQLite's magic string, then garbage where the page size and the schema should be.
      const file = Buffer.alloc(8192, 0x5a);
      file.write('SQLite format 3\0', 0, 'latin1');
      fs.writeFileSync(path.join(damaged, 'stickwork.sqlite'), file);
      const run = await runCli(['store', 'check'], { DATA_DIR: damaged });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/result\s+damaged/);
      expect(run.stdout).toMatch(/problem 1/);
    } finally {
      fs.rmSync(damaged, { recursive: true, force: true });
    }
  });
});
