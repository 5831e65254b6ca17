import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';
import { e2eDataDir } from './support/e2e-data-dir.js';

// One fresh data directory per run, shared with the workers through the environment so
// tests can read the mail outbox the server writes; removed when the run ends.
const runDir = e2eDataDir();
const port = Number(process.env.STICKWORK_E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, '..');

/**
 * Journeys run against one server. The few that move the server's clock
 * (`/api/test/clock`, docs/testing.md) get a server of their own, one journey at a time, so no
 * other journey ever sees a moved clock. Each server has its own DATA_DIR inside the run's
 * directory; a journey finds its server's with `serverDataDir()` (tests/support/server-data-dir.ts).
 */
const servers = {
  journeys: { port, dataDir: path.join(runDir, 'journeys'), testClock: false },
  'test-clock': { port: port + 1000, dataDir: path.join(runDir, 'test-clock'), testClock: true },
};
const CLOCK_JOURNEYS = ['data-export', 'learning-plan', 'practice', 'progress', 'weekly-goal'].map(
  (name) => `**/${name}.e2e.spec.ts`,
);
for (const server of Object.values(servers)) fs.mkdirSync(server.dataDir, { recursive: true });
const baseURL = (name: keyof typeof servers) => `http://localhost:${servers[name].port}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.spec.ts',
  // One output folder per port: runs on different ports (several engineers at once) never clear each other's.
  outputDir: path.join(root, 'test-results', `e2e-${port}`),
  // One journey at a time on each server, the two servers' journeys side by side (each project's
  // `workers: 1`): two journeys on one server of a 2-core machine took as long (22.6 min against 23.6)
  // and timed out axe scans and journeys in CI. The tests of one file in order (several share a drummer).
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    // Recording a trace (a screenshot and DOM snapshot per action) costs CPU in every journey; in CI
    // only the retry of a failed journey records one, which is the trace worth reading.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'journeys',
      testIgnore: CLOCK_JOURNEYS,
      workers: 1,
      use: { baseURL: baseURL('journeys') },
      metadata: { dataDir: servers.journeys.dataDir },
    },
    {
      name: 'test-clock',
      testMatch: CLOCK_JOURNEYS,
      workers: 1,
      use: { baseURL: baseURL('test-clock') },
      metadata: { dataDir: servers['test-clock'].dataDir },
    },
  ],
  webServer: Object.entries(servers).map(([name, server]) => ({
    name,
    command: 'node app-api/dist/main.js',
    cwd: root,
    url: `http://localhost:${server.port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      LOG_LEVEL: 'warn',
      // /api/test/clock moves this server's clock (learning-plan's spaced return, minutes practised).
      ...(server.testClock ? { STICKWORK_TEST_CLOCK: '1' } : {}),
    },
  })),
});
