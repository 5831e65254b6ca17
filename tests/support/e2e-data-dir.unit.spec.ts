import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const config = path.resolve(import.meta.dirname, '../playwright.config.ts');
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Loads the e2e config in a process of its own, as Playwright's runner does, with its own temp
 * directory; the process writes into the run's DATA_DIR (as the server does) and exits. Answers the
 * DATA_DIR it used and what is left in the temp directory.
 */
const loadConfigAndExit = (env: Record<string, string> = {}) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-e2e-config-'));
  temps.push(tmp);
  const script = `
    const fs = await import('node:fs');
    await import(${JSON.stringify(config)});
    const dir = process.env.STICKWORK_E2E_DATA_DIR;
    fs.mkdirSync(dir + '/outbox', { recursive: true });
    fs.writeFileSync(dir + '/outbox/mail.eml', 'a mail');
    console.log(dir);`;
  const { STICKWORK_E2E_DATA_DIR: _inherited, ...parent } = process.env;
  const stdout = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...parent, TMPDIR: tmp, ...env },
    encoding: 'utf8',
  });
  return { dataDir: stdout.trim().split('\n').at(-1)!, left: fs.readdirSync(tmp) };
};

describe('the e2e run data directory', () => {
  it('is a fresh stickwork-e2e-* directory, removed with everything in it when the run ends', () => {
    const { dataDir, left } = loadConfigAndExit();
    expect(path.basename(dataDir)).toMatch(/^stickwork-e2e-/);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(left.filter((name) => name.startsWith('stickwork-e2e-'))).toEqual([]);
  });

  it('keeps a directory the caller gave in STICKWORK_E2E_DATA_DIR', () => {
    const given = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-e2e-given-'));
    temps.push(given);
    const { dataDir } = loadConfigAndExit({ STICKWORK_E2E_DATA_DIR: given });
    expect(dataDir).toBe(given);
    expect(fs.readFileSync(path.join(given, 'outbox', 'mail.eml'), 'utf8')).toBe('a mail');
  });
});
