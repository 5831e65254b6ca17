import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { loadConfig, type Config } from '../config.js';
import { createBackend, type Backend, type BackendOptions } from '../backend.js';
import { createServer } from '../server.js';
import { startBackgroundDuties } from '../background-duties.js';

export interface TestServer {
  url: string;
  backend: Backend;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server on the real SQLite store in a fresh temporary DATA_DIR, listening on a free
 * port: integration suites talk to it over real HTTP.
 */
export const startTestServer = async (
  environment: Record<string, string> = {},
  options: Pick<BackendOptions, 'clock'> = {},
): Promise<TestServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-test-'));
  const config: Config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...environment });
  const backend = await createBackend(config, { logger: pino({ level: 'silent' }), ...options });
  // As a single server does: it runs the projection runner and the sweeps (it holds their leases).
  const duties = await startBackgroundDuties(backend);
  const server = createServer(backend).listen(0);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backend,
    dataDir,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await duties.stop();
      await backend.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
