import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot as root } from './testing/run-cli.js';

/**
 * The bundle `npm run build` makes (cli/scripts/bundle.mjs) answers exactly as the unbundled build
 * it is made from, and bin/stickwork.js runs it only while it is as new as its inputs. Needs the
 * build (`npm run build`, or `tsc -b`): the bundle is made from cli/dist.
 */
const run = async (args: string[], env: Record<string, string> = {}) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', STICKWORK_PAGER: 'cat', ...env },
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
};

describe('the bundled CLI', () => {
  let tree: string;
  let bundled: string;
  const unbundled = path.join(root, 'cli/dist/main.js');
  const stores: string[] = [];
  const store = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-bundle-store-'));
    stores.push(dir);
    return dir;
  };

  beforeAll(async () => {
    if (!fs.existsSync(unbundled)) throw new Error('cli/dist/main.js is missing: run `npm run build` first');
    // A tree like the repository's: the bundle finds its package.json one folder up and the packages it
    // leaves outside in node_modules, as it does in cli/dist.
    tree = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-bundle-'));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    fs.mkdirSync(path.join(tree, 'cli'));
    fs.copyFileSync(path.join(root, 'cli/package.json'), path.join(tree, 'cli/package.json'));
    const made = await run(['cli/scripts/bundle.mjs', '--outdir', path.join(tree, 'cli/dist')]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    bundled = path.join(tree, 'cli/dist/stickwork.js');
  }, 120_000);

  afterAll(() => {
    for (const dir of [tree, ...stores]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes and reads a store as the unbundled build does, byte for byte', async () => {
    const seed = ['seed', '--customers', '2', '--days', '4', '--seed', '5', '--end', '2026-05-10', '--json'];
    const dataDir = store();
    const seededByBundle = await run([bundled, ...seed], { DATA_DIR: dataDir });
    const seededUnbundled = await run([unbundled, ...seed], { DATA_DIR: store() });
    expect(seededByBundle).toEqual(seededUnbundled);
    expect(seededByBundle.code).toBe(0);
    const { email } = (JSON.parse(seededByBundle.stdout) as { customers: { email: string }[] }).customers[0]!;

    const commands = [
      ['--help'],
      ['--version'],
      ['customers'],
      ['customers', '--json'],
      ['history', email],
      ['history', email, '--json', '--tz', 'Europe/Berlin'],
      ['replay', email, '--until', '2026-05-09'],
      ['projections', 'status'],
      ['catalogue', 'stats'],
      ['catalogue', 'show', '10005'],
      ['mail', 'list', '--json'],
      ['store', 'info'],
      ['streams', '--limit', '3'],
      ['history', 'nobody@example.com'],
      ['history', email, '--type', 'NoSuchEvent'],
      ['customers', '--no-such-option'],
    ];
    for (const command of commands) {
      const fromBundle = await run([bundled, ...command], { DATA_DIR: dataDir });
      const fromBuild = await run([unbundled, ...command], { DATA_DIR: dataDir });
      expect({ command, ...fromBundle }).toEqual({ command, ...fromBuild });
    }
  }, 240_000);
});

describe('bin/stickwork.js', () => {
  let tree: string;
  /** A repository with stand-ins for both builds, each saying which it is. */
  beforeAll(() => {
    tree = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-bin-'));
    fs.mkdirSync(path.join(tree, 'cli/bin'), { recursive: true });
    fs.mkdirSync(path.join(tree, 'cli/dist'));
    fs.mkdirSync(path.join(tree, 'domain/dist'), { recursive: true });
    fs.copyFileSync(path.join(root, 'cli/bin/stickwork.js'), path.join(tree, 'cli/bin/stickwork.js'));
    fs.writeFileSync(path.join(tree, 'cli/dist/main.js'), "console.log('unbundled');\n");
    fs.writeFileSync(path.join(tree, 'cli/dist/stickwork.js'), "console.log('bundle');\n");
    fs.writeFileSync(path.join(tree, 'domain/dist/index.js'), 'export {};\n');
  });
  afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

  const manifest = (builtAt: number, inputs = ['cli/dist/main.js', 'domain/dist/index.js']) =>
    fs.writeFileSync(path.join(tree, 'cli/dist/stickwork.inputs.json'), JSON.stringify({ builtAt, inputs }));
  const runs = async (env: Record<string, string> = {}) =>
    (await run([path.join(tree, 'cli/bin/stickwork.js')], env)).stdout.trim();

  it('runs the bundle while it is at least as new as every input, else the unbundled build', async () => {
    const input = path.join(tree, 'domain/dist/index.js');
    const now = Date.now();
    // Both inputs written a minute before the bundle (set, not left to the file system's clock).
    for (const file of [input, path.join(tree, 'cli/dist/main.js')])
      fs.utimesSync(file, new Date(now - 60_000), new Date(now - 60_000));
    manifest(now);
    expect(await runs()).toBe('bundle');
    expect(await runs({ STICKWORK_CLI_BUNDLE: '0' })).toBe('unbundled');

    // `tsc -b` alone rebuilt a file of the domain after the bundle was made.
    fs.utimesSync(input, new Date(now + 60_000), new Date(now + 60_000));
    expect(await runs()).toBe('unbundled');

    manifest(now + 120_000, ['cli/dist/main.js', 'domain/dist/gone.js']);
    expect(await runs()).toBe('unbundled');
    fs.rmSync(path.join(tree, 'cli/dist/stickwork.inputs.json'));
    expect(await runs()).toBe('unbundled');
  });
});
