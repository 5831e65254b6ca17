import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

/** A web spec that checks what zod does as it first loads: it needs a module graph of its own. */
const LOAD_ORDER_SPEC = 'app-web/src/app/zod-jitless.unit.spec.ts';

// Workspaces import each other through the "source" export condition, so tests run on
// the TypeScript sources without a build.

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } },
  test: {
    // Two files at a time even on 2 cores (vitest's default there is one): most integration specs
    // wait on processes they start (servers, the CLI, PostgreSQL), so the second file fills that
    // time. Measured on the 2-core machine: 662 s against 948 s, every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A guard against a hang, not a speed check (benchmarks measure speed): with two files at a
    // time, a unit test that builds the whole catalogue can take over vitest's default 5 s.
    testTimeout: 30_000,
    // Files of one project share one module graph (isolate: false) where nothing keeps state
    // across files: the pure packages, the API (each spec starts its own server on a fresh
    // DATA_DIR) and the web app (jsdom, each test renders afresh). It saves their import and
    // environment time: the web app's specs took 72 s alone, 15 s sharing; the API's 230 s, 147 s.
    // The CLI and the system tests start processes and keep a fresh graph per file.
    projects: [
      { extends: true, test: { name: 'domain', include: ['domain/src/**/*.spec.ts'], isolate: false } },
      {
        extends: true,
        test: { name: 'projections', include: ['projections/src/**/*.spec.ts'], isolate: false },
      },
      {
        extends: true,
        test: { name: 'sheet-music', include: ['sheet-music/src/**/*.spec.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'app-api',
          include: ['app-api/src/**/*.spec.ts'],
          isolate: false,
          // A throwaway PostgreSQL cluster for the project's run (the shared-state adapters' specs).
          globalSetup: ['tests/support/postgres-cluster.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'cli',
          include: ['cli/src/**/*.spec.{ts,tsx}'],
          testTimeout: 60_000,
          // Its specs run the built command: `tsc -b` first, so it is as new as the sources.
          globalSetup: ['cli/src/testing/built-cli-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'app-web',
          include: ['app-web/src/**/*.spec.{ts,tsx}'],
          exclude: [...configDefaults.exclude, LOAD_ORDER_SPEC],
          environment: 'jsdom',
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'app-web-load-order', include: [LOAD_ORDER_SPEC], environment: 'jsdom' },
      },
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['tests/integration/**/*.spec.ts', 'tests/support/**/*.unit.spec.ts'],
          testTimeout: 60_000,
          // A throwaway PostgreSQL cluster of its own (a global setup runs per project): the two-host test's.
          globalSetup: ['tests/support/postgres-cluster.ts'],
        },
      },
    ],
  },
});
