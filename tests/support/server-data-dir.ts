import { test } from '@playwright/test';

/**
 * The DATA_DIR of the server the running journey talks to (its mail outbox, its store): each
 * project of tests/playwright.config.ts has a server of its own and names its directory.
 */
export const serverDataDir = (): string => {
  const { dataDir } = test.info().project.metadata as { dataDir?: unknown };
  if (typeof dataDir !== 'string') {
    throw new Error("each project of tests/playwright.config.ts names its server's dataDir in metadata");
  }
  return dataDir;
};
