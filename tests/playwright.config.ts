import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';
import { e2eDataDir } from './support/e2e-data-dir.js';

// One fresh data directory per run, shared with the workers through the environment so
// tests can read the mail outbox the server writes; removed when the run ends.
const dataDir = e2eDataDir();
const port = Number(process.env.STICKWORK_E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.spec.ts',
  // One output folder per port: runs on different ports (several engineers at once) never clear each other's.
  outputDir: path.join(root, 'test-results', `e2e-${port}`),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node app-api/dist/main.js',
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // STICKWORK_TEST_CLOCK: /api/test/clock moves the server's clock (learning-plan's spaced return); workers: 1 keeps it from other journeys.
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', STICKWORK_TEST_CLOCK: '1' },
  },
});
