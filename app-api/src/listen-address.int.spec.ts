import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The server listens where HOST says (loopback by default), and its log names that address. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started: { child: ChildProcess; dataDir: string }[] = [];
afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

interface RunningLine {
  host: string;
  port: number;
  msg: string;
}

/** Starts the server's entry point (through tsx) and answers its "is running" log line. */
const startMain = async (env: Record<string, string>): Promise<RunningLine> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-host-'));
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'app-api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, HOST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dataDir });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for await (const line of createInterface({ input: child.stdout })) {
    const entry = JSON.parse(line) as Partial<RunningLine>;
    if (entry.msg?.startsWith('Stickwork is running')) return entry as RunningLine;
  }
  throw new Error(`the server stopped before it was running: ${stderr}`);
};

/** An IPv4 address of this machine that is not loopback (none on a machine without a network). */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;

const healthStatus = (host: string, port: number) =>
  fetch(`http://${host}:${port}/api/health`).then(
    (response) => response.status,
    (error: { cause?: { code?: string } }) => error.cause?.code ?? 'failed',
  );

describe('HOST: where the server listens', () => {
  it('defaults to 127.0.0.1, and a bad value is one line naming HOST', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: ' ' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    for (const bad of ['http://0.0.0.0', 'my host', '127.0.0.1:3000'])
      expect(() => loadConfig({ HOST: bad })).toThrow(
        new ConfigError(
          'Configuration error: HOST must be an address to listen on, such as 127.0.0.1, 0.0.0.0 or ::',
        ),
      );
  });

  it('listens on loopback only by default, and the log names the address and port it is bound to', async () => {
    const running = await startMain({});
    expect(running.host).toBe('127.0.0.1');
    expect(running.port).toBeGreaterThan(0);
    expect(running.msg).toBe(`Stickwork is running at http://127.0.0.1:${running.port}`);
    expect(await healthStatus('127.0.0.1', running.port)).toBe(200);
    if (outsideAddress) expect(await healthStatus(outsideAddress, running.port)).toBe('ECONNREFUSED');
  }, 60_000);

  it('HOST=0.0.0.0 (the containers) answers on every interface and says so', async () => {
    const running = await startMain({ HOST: '0.0.0.0' });
    expect(running.msg).toBe(`Stickwork is running at http://0.0.0.0:${running.port}`);
    expect(await healthStatus('127.0.0.1', running.port)).toBe(200);
    if (outsideAddress) expect(await healthStatus(outsideAddress, running.port)).toBe(200);
  }, 60_000);
});
