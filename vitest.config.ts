import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspaces import each other through the "source" export condition, so tests run on
// the TypeScript sources without a build.

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] } },
  test: {
    projects: [
      { extends: true, test: { name: 'domain', include: ['domain/src/**/*.spec.ts'] } },
      { extends: true, test: { name: 'projections', include: ['projections/src/**/*.spec.ts'] } },
      { extends: true, test: { name: 'sheet-music', include: ['sheet-music/src/**/*.spec.ts'] } },
      {
        extends: true,
        test: {
          name: 'app-api',
          include: ['app-api/src/**/*.spec.ts'],
          testTimeout: 30_000,
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
