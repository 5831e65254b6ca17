import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

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
    // The pure packages (domain, projections, sheet-music) share one module graph between their
    // files (isolate: false): nothing in them keeps state across files, and it saves most of their
    // import time. The rest start servers, stores and jsdom, and keep a fresh module graph per file.
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
        test: { name: 'app-web', include: ['app-web/src/**/*.spec.{ts,tsx}'], environment: 'jsdom' },
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
