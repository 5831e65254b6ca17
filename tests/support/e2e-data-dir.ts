import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The e2e run's DATA_DIR: one fresh `stickwork-e2e-*` directory in the OS temp directory per run,
 * shared with the workers (and the tests that read the server's outbox) through
 * `STICKWORK_E2E_DATA_DIR`. The process that made it removes it when it exits: Playwright's runner,
 * after its web server has stopped, however the run ended (passed, failed, Ctrl-C). A directory
 * given in `STICKWORK_E2E_DATA_DIR` is the caller's and stays.
 */
export const e2eDataDir = (): string => {
  const given = process.env.STICKWORK_E2E_DATA_DIR;
  if (given) return given;
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-e2e-'));
  process.env.STICKWORK_E2E_DATA_DIR = made;
  process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  return made;
};
