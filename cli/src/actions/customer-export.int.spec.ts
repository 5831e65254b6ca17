import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerExportFiles } from '@stickwork/app-api/customer-export';
import { loadConfig, openStores, reservationStreamsFor, systemClock } from '@stickwork/app-api/stores';
import { runCli } from '../testing/run-cli.js';

/** `stickwork customer export`, run as an operator would, on a seeded store. */
let dataDir: string;
let env: Record<string, string>;
let customer: { customerId: string; email: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cli-export-'));
  env = { DATA_DIR: dataDir, USER: 'export-operator' };
  const seeded = await runCli(
    ['seed', '--customers', '2', '--days', '4', '--seed', '5', '--end', '2026-05-10', '--json'],
    env,
  );
  expect(seeded.code, seeded.stderr).toBe(0);
  const listed = await runCli(['customers', '--json'], env);
  customer = (JSON.parse(listed.stdout) as { customerId: string; email: string }[])[0]!;
}, 120_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const unzipped = (file: string) =>
  Object.fromEntries(
    Object.entries(unzipSync(fs.readFileSync(file))).map(([name, data]) => [
      name.replace(/^[^/]+\//, ''),
      strFromU8(data),
    ]),
  );

describe('stickwork customer export', () => {
  it('writes the same zip as GET /api/export, readable by its owner only', async () => {
    const out = path.join(dataDir, 'export.zip');
    const run = await runCli(['customer', 'export', customer.email, '--out', out, '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      customerId: customer.customerId,
      file: out,
      bytes: fs.statSync(out).size,
    });
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);

    const files = unzipped(out);
    const config = loadConfig({ DATA_DIR: dataDir });
    const { store, readModels, close } = await openStores(config);
    try {
      const reservations = reservationStreamsFor(config, { readonly: true });
      const expected = await customerExportFiles(
        { store, readModels, reservations, clock: systemClock },
        customer.customerId,
      );
      expect(Object.keys(files).sort()).toEqual(Object.keys(expected).sort());
      for (const [name, text] of Object.entries(expected))
        if (name !== 'README.txt') expect(files[name], name).toBe(text);
      const account = JSON.parse(files[`events/customer-${customer.customerId}.json`]!) as { data: object }[];
      expect(JSON.stringify(account)).toContain(customer.email);
      expect(JSON.stringify(files)).not.toContain('argon2');
      expect(files['read-models/activity.csv']!.split('\r\n').length).toBeGreaterThan(2);
    } finally {
      await close();
    }
  });

  it('keeps an existing file unless --force, and names a missing --out or an unknown customer', async () => {
    const out = path.join(dataDir, 'kept.zip');
    fs.writeFileSync(out, 'mine');
    fs.chmodSync(out, 0o644);
    const refused = await runCli(['customer', 'export', customer.customerId, '--out', out], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('exists: choose another --out, or add --force');
    expect(fs.readFileSync(out, 'utf8')).toBe('mine');
    const forced = await runCli(['customer', 'export', customer.customerId, '--out', out, '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^Wrote \d+ bytes to .*kept\.zip \(customer /);
    // Written over, the file is the owner's alone as a new one is.
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);

    const noOut = await runCli(['customer', 'export', customer.customerId], env);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('--out');
    const unknown = await runCli(
      ['customer', 'export', 'nobody@example.com', '--out', path.join(dataDir, 'x.zip')],
      env,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no customer matches "nobody@example.com"');
  });
});
