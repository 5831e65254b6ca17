import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, loadConfig, type Backend } from '@stickwork/app-api';
import { customerStreamId, erasureStreamId } from '@stickwork/domain';
import { pino } from 'pino';
import { ALL_PROJECTIONS } from '@stickwork/projections';
import { runCli } from './testing/run-cli.js';

/**
 * The CLI as an operator runs it: a separate process on a store that a "server" backend keeps
 * open (and writes to) at the same time.
 */
let dataDir: string;
let server: Backend;
let env: Record<string, string>;
let customers: { customerId: string; email: string; name: string }[];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cli-e2e-'));
  env = { DATA_DIR: dataDir, USER: 'e2e-operator' };
  const seeded = await runCli(
    ['seed', '--customers', '4', '--days', '5', '--seed', '3', '--end', '2026-05-10', '--json'],
    env,
  );
  expect(seeded.stderr).toBe('');
  expect(seeded.code).toBe(0);
  expect(JSON.parse(seeded.stdout)).toMatchObject({
    customers: expect.any(Array),
    events: expect.any(Number),
  });
  server = await createBackend(loadConfig({ DATA_DIR: dataDir }), { logger: pino({ level: 'silent' }) });
  server.projections.start();
  await server.mailer.send({
    to: 'ann@example.com',
    subject: 'Please verify your email',
    text: 'Hello Ann, verify here: http://localhost:3000/verify-mail/?secret=abc',
    html: '<p>Hello Ann, <a href="http://localhost:3000/verify-mail/?secret=abc">verify</a></p>',
  });
}, 120_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('stickwork against a running server', () => {
  it('customers --json lists the seeded customers', async () => {
    const run = await runCli(['customers', '--json'], env);
    expect(run.code).toBe(0);
    customers = JSON.parse(run.stdout);
    expect(customers).toHaveLength(4);
    expect(customers[0]).toMatchObject({
      email: expect.stringMatching(/@seed-3\.example$/),
      plan: expect.any(String),
    });
  });

  it("history --json prints a customer's events in order, without password hashes", async () => {
    const run = await runCli(['history', customers[0]!.email, '--json', '--tz', 'Europe/Berlin'], env);
    expect(run.code).toBe(0);
    const entries = JSON.parse(run.stdout) as { position: number; type: string; summary: string }[];
    expect(entries[0]).toMatchObject({ type: 'CustomerRegistered' });
    expect(entries.map((entry) => entry.position)).toEqual(
      entries.map((entry) => entry.position).sort((a, b) => a - b),
    );
    expect(run.stdout).not.toContain('argon2');
  });

  it('replay --json reports the read models at a position', async () => {
    const run = await runCli(['replay', customers[0]!.customerId, '--until', '5', '--json'], env);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ customerId: customers[0]!.customerId, plan: { tier: 'freemium' } });
    expect(report.lastPosition).toBeLessThanOrEqual(5);
    expect(report.skills).toHaveLength(8);
  });

  it('projections rebuild folds the log again and checks it against a fresh fold', async () => {
    const run = await runCli(['projections', 'rebuild'], env);
    // stderr is a pipe here: no progress bar, so no redraw codes.
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('EVENTS/S');
    expect(run.stdout.match(/equals a fresh fold of the log/g)).toHaveLength(ALL_PROJECTIONS.length);
  });

  it('customer erase refuses without a terminal or --yes, then erases with --yes as the operator', async () => {
    const target = customers[1]!;
    const refused = await runCli(['customer', 'erase', target.email], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'stickwork: error: not confirmed: no terminal to ask on; pass --yes to confirm this change\n',
    );
    const run = await runCli(['customer', 'erase', target.email, '--yes', '--json'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      operator: 'e2e-operator',
      events: [{ type: 'CustomerErasureRequested' }, { type: 'CustomerErased' }],
    });
    expect(await server.store.readStream(customerStreamId(target.customerId))).toEqual([]);
    expect((await server.store.readStream(erasureStreamId(target.customerId)))[0]?.metadata.operator).toBe(
      'e2e-operator',
    );
    const again = await runCli(['history', target.email], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`stickwork: error: no customer matches "${target.email}"\n`);
  });

  it('refuses a bad argument with the flag named', async () => {
    const run = await runCli(['history', customers[0]!.customerId, '--since', 'yesterday'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'stickwork: error: invalid --since: expected a day (2026-05-04), a time as history prints it (2026-05-04 20:03:09) in --tz, or an ISO time with a zone (2026-05-04T18:00:00Z)\n',
    );
  });

  it('catalogue stats --json counts exercises per skill and level', async () => {
    const run = await runCli(['catalogue', 'stats', '--json'], env);
    expect(run.code).toBe(0);
    const stats = JSON.parse(run.stdout);
    expect(stats.exercises).toBeGreaterThan(9000);
    expect(stats.bySkillAndLevel.grooves.beginner).toBeGreaterThan(0);
  });

  it('mail list --json and mail show read the outbox', async () => {
    const list = await runCli(['mail', 'list', '--json'], env);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([
      expect.objectContaining({ number: 1, to: 'ann@example.com', subject: 'Please verify your email' }),
    ]);
    const show = await runCli(['mail', 'show', '1'], env);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('Hello Ann');
    expect(show.stdout).toContain('  http://localhost:3000/verify-mail/?secret=abc');
  });
});
