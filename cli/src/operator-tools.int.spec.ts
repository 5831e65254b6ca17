/**
 * What an operator on call reaches for, beside a store the server keeps open: the log newest first
 * and followed, streams by recency, times in a zone, JSON Lines, one screen per customer, backups
 * and restores, and the local payment provider's events on demand.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId, getCatalogue, practiceStreamId, type RecordedEvent } from '@stickwork/domain';
import { formatInZone } from './history/event-summary.js';
import { runCli, spawnCli } from './testing/run-cli.js';
import { draggingBassDrumTake } from './testing/timing-takes.js';
import { seededBackend, type SeededBackend } from './testing/seeded-backend.js';

let world: SeededBackend;
let env: Record<string, string>;
let log: RecordedEvent[];
const customer = (index: number) => world.seeded.customers[index]!;

beforeAll(async () => {
  world = await seededBackend({ customers: 4, days: 6, seed: 33 });
  env = { DATA_DIR: world.dataDir, USER: 'night-operator' };
  log = await world.backend.store.readAll();
}, 120_000);
afterAll(async () => world.dispose());

const json = <T>(stdout: string) => JSON.parse(stdout) as T;
const jsonLines = <T>(stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as T);

describe('events', () => {
  it('lists the log newest first, says how many of how many it shows, and keeps JSON Lines one a line', async () => {
    const newest = json<{ position: number }[]>(
      (await runCli(['events', '--limit', '3', '--json'], env)).stdout,
    );
    expect(newest.map((event) => event.position)).toEqual(
      log
        .slice(-3)
        .reverse()
        .map((event) => event.position),
    );
    const text = await runCli(['events', '--limit', '3'], env);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(`3 of ${log.length} events`);
    const lines = jsonLines<{ position: number }>(
      (await runCli(['events', '--limit', '3', '--jsonl'], env)).stdout,
    );
    expect(lines.map((event) => event.position)).toEqual(newest.map((event) => event.position));
  });

  it('--tail N prints the last N oldest first; --type, --since and --until filter, read in --tz', async () => {
    const tail = json<{ position: number }[]>(
      (await runCli(['events', '--tail', '2', '--json'], env)).stdout,
    );
    expect(tail.map((event) => event.position)).toEqual(log.slice(-2).map((event) => event.position));
    const stream = practiceStreamId(customer(0).customerId);
    const evaluations = log.filter((event) => event.streamId === stream && event.type === 'LessonEvaluated');
    expect(evaluations.length).toBeGreaterThan(0);
    const day = formatInZone(evaluations[0]!.metadata.time, 'Asia/Tokyo').slice(0, 10);
    const run = await runCli(
      [
        'events',
        stream,
        '--type',
        'LessonEvaluated',
        '--since',
        day,
        '--until',
        day,
        '--tz',
        'Asia/Tokyo',
        '--limit',
        '1000',
        '--json',
      ],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(json<{ position: number }[]>(run.stdout).map((event) => event.position)).toEqual(
      evaluations
        .filter((event) => formatInZone(event.metadata.time, 'Asia/Tokyo').startsWith(day))
        .map((event) => event.position)
        .reverse(),
    );
  });

  it('shows times in --tz', async () => {
    const last = log.at(-1)!;
    const run = await runCli(['events', '--limit', '1', '--tz', 'Asia/Tokyo'], env);
    expect(run.stdout).toContain(formatInZone(last.metadata.time, 'Asia/Tokyo'));
  });

  it('--follow goes on printing the events written after it started, until Ctrl-C', async () => {
    const child = spawnCli(
      ['events', '--follow', '--tail', '1', '--jsonl', '--type', 'UsageIncremented'],
      env,
    );
    let stdout = '';
    const lines = () => stdout.trim().split('\n').filter(Boolean);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const seen = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (lines().length >= count ? resolve() : undefined);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          check();
        });
        check();
      });
    await seen(1);
    await world.backend.store.appendToStream('practice-followed', [
      {
        type: 'PracticeActivityRecorded',
        data: {},
        metadata: { schemaVersion: 1, time: new Date().toISOString() },
      },
      {
        type: 'UsageIncremented',
        data: { day: '2026-05-10' },
        metadata: { schemaVersion: 1, time: new Date().toISOString() },
      },
    ]);
    await seen(2);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const [, followed] = lines().map((line) => JSON.parse(line) as { stream: string; type: string });
    expect(followed).toMatchObject({ stream: 'practice-followed', type: 'UsageIncremented' });
  }, 60_000);
});

describe('streams and customers', () => {
  it('streams --recent puts the stream written last first', async () => {
    const run = await runCli(['streams', '--recent', '--limit', '1'], env);
    expect(run.code, run.stderr).toBe(0);
    const [, row, footer] = run.stdout.trimEnd().split('\n');
    const now = await world.backend.store.readAll();
    expect(row!.split(/\s+/)[0]).toBe(now.at(-1)!.streamId);
    expect(footer).toBe(`1 of ${new Set(now.map((event) => event.streamId)).size} streams`);
  });

  it('customers --limit says how many of how many; --jsonl prints one customer a line', async () => {
    const run = await runCli(['customers', '--limit', '1'], env);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 of 4 customers');
    const lines = jsonLines<{ customerId: string }>((await runCli(['customers', '--jsonl'], env)).stdout);
    expect(lines.map((line) => line.customerId).sort()).toEqual(
      world.seeded.customers.map((c) => c.customerId).sort(),
    );
  });
});

describe('customer show', () => {
  it('shows plan, zone, lessons today, last practice and mails on one screen, personal data on request', async () => {
    const { email, customerId } = customer(0);
    const run = await runCli(['customer', 'show', email], env);
    expect(run.code, run.stderr).toBe(0);
    for (const label of ['plan', 'zone', 'lessons today', 'last practice', 'streak', 'skills', 'mails sent'])
      expect(run.stdout).toMatch(new RegExp(`^${label}\\s`, 'm'));
    expect(run.stdout).not.toContain(email);
    const shown = json<{
      customerId: string;
      account: { email: string; timeZone: string };
      subscription: { tier: string };
      today: { lessonsLeft: number | null };
      mails: unknown[];
    }>((await runCli(['customer', 'show', customerId, '--json', '--show-personal'], env)).stdout);
    const directory = json<{ customerId: string; plan: string }[]>(
      (await runCli(['customers', '--json'], env)).stdout,
    ).find((row) => row.customerId === customerId)!;
    expect(shown).toMatchObject({
      customerId,
      account: { email },
      subscription: { tier: directory.plan },
      mails: expect.any(Array),
    });
  });
  it('shows the tempo plan and the weak spots of a customer who played with the timing coach, none for one who did not', async () => {
    const { customerId } = customer(2);
    const lesson = getCatalogue().find(
      (exercise) => exercise.focus === 'timing' && exercise.type === 'exercise',
    )!;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    // Two takes within the last 4 weeks whose bass drum drags on the '&': 32 strokes make a weak spot.
    for (const [day, playId] of [
      [daysAgo(3), 'play-1'],
      [daysAgo(2), 'play-2'],
    ] as const)
      await world.backend.store.appendToStream(practiceStreamId(customerId), [
        draggingBassDrumTake(lesson.lesson_id, day, playId),
      ]);
    const run = await runCli(['customer', 'show', customerId], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^tempo plan\\s+${lesson.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ → \\d+ bpm \\(Last time 91 % at 80 bpm, today \\d+ bpm\\)$`,
        'm',
      ),
    );
    expect(run.stdout).toMatch(
      /^weak spots\s+Your bass drum on the '&' drags 20 ms, ±4 ms over 32 strokes in 2 takes \(new this month\)$/m,
    );
    const shown = json<{
      tempoPlans: { lessonId: number }[];
      weakSpots: { voice: string; strokes: number }[];
    }>((await runCli(['customer', 'show', customerId, '--json'], env)).stdout);
    expect(shown.tempoPlans).toMatchObject([{ lessonId: lesson.lesson_id }]);
    expect(shown.weakSpots).toMatchObject([{ voice: 'bass_drum', position: '&', strokes: 32, takes: 2 }]);

    const untimed = await runCli(['customer', 'show', customer(0).customerId], env);
    expect(untimed.stdout).not.toMatch(/^(tempo plan|weak spots)\s/m);
  });
});

describe('customer trigger (local payment provider)', () => {
  it('walks a subscription through a failed payment, its recovery, a renewal and a cancellation', async () => {
    const { customerId } = customer(1);
    const typesAfter = async (args: string[]) => {
      const run = await runCli(['customer', 'trigger', ...args, customerId, '--yes', '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      return json<{ events: { type: string }[] }>(run.stdout).events.map((event) => event.type);
    };
    const granted = await runCli(['customer', 'grant-plan', customerId, 'premium', '--yes'], env);
    expect(granted.code, granted.stderr).toBe(0);
    expect(await typesAfter(['payment-failed'])).toContain('SubscriptionPaymentFailed');
    expect(await typesAfter(['payment-recovered'])).toContain('SubscriptionActivated');
    const before = (await world.backend.store.readStream(customerStreamId(customerId))).at(-1)!;
    expect(await typesAfter(['renewal'])).toContain('SubscriptionActivated');
    const renewed = (await world.backend.store.readStream(customerStreamId(customerId))).at(-1)!;
    expect(Date.parse(renewed.metadata.time)).toBeGreaterThan(Date.parse(before.metadata.time));
    expect(await typesAfter(['cancellation'])).toEqual(['SubscriptionCancellationScheduled']);
    const refused = await runCli(['customer', 'trigger', 'renewal', customerId, '--yes'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^stickwork: error: the subscription is cancelled for \S+: it does not renew\n$/,
    );
  }, 60_000);

  it('leaves Stripe to Stripe: refused when Stripe is configured', async () => {
    const stripe = Object.fromEntries(
      ['BASIC', 'PREMIUM', 'EXCLUSIVE'].flatMap((tier) =>
        ['MONTHLY', 'YEARLY'].map((period) => [`STRIPE_PRICE_${tier}_${period}`, `price_${tier}_${period}`]),
      ),
    );
    const run = await runCli(['customer', 'trigger', 'renewal', customer(1).customerId, '--yes'], {
      ...env,
      ...stripe,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('with Stripe configured, use `stripe trigger`');
  });

  it('names the events it knows', async () => {
    const run = await runCli(['customer', 'trigger', 'refund', customer(1).customerId], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('expected one of renewal, payment-failed, payment-recovered, cancellation');
  });
});

describe('store backup and restore', () => {
  let scratch: string;
  beforeAll(() => void (scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-backup-'))));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('backs up the store the server keeps open; restore refuses while it runs, and restores elsewhere', async () => {
    const file = path.join(scratch, 'night.backup');
    const backup = await runCli(['store', 'backup', file, '--json'], env);
    expect(backup.code, backup.stderr).toBe(0);
    const written = json<{ events: number; files: string[] }>(backup.stdout);
    const events = (await world.backend.store.stats()).events;
    expect(written.events).toBe(events);
    expect(written.files).toEqual(expect.arrayContaining([expect.stringMatching(/^secrets\//)]));
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect((await runCli(['store', 'backup', file], env)).code).toBe(1);

    const busy = await runCli(['store', 'restore', file, '--yes'], env);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain('is in use');

    const elsewhere = { DATA_DIR: path.join(scratch, 'restored') };
    const restored = await runCli(['store', 'restore', file, '--yes'], elsewhere);
    expect(restored.code, restored.stderr).toBe(0);
    // The DATA_DIR it made is private, and reading the backup left nothing beside it.
    expect(fs.statSync(elsewhere.DATA_DIR).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(scratch).filter((name) => name.startsWith('night.backup'))).toEqual([
      'night.backup',
    ]);
    const info = json<{ events: number }>((await runCli(['store', 'info', '--json'], elsewhere)).stdout);
    expect(info.events).toBe(events);
    // The secrets came along: an email still finds its customer.
    const history = await runCli(['history', customer(2).email, '--json'], elsewhere);
    expect(history.code, history.stderr).toBe(0);

    // Over an existing store that nothing uses: the replaced one is kept beside it.
    const again = await runCli(['store', 'restore', file, '--yes', '--json'], elsewhere);
    expect(again.code, again.stderr).toBe(0);
    const kept = json<{ kept: string[] }>(again.stdout).kept;
    expect(kept.some((aside) => aside.includes('stickwork.sqlite.before-restore-'))).toBe(true);
    expect(kept.every((aside) => fs.existsSync(aside))).toBe(true);
  }, 120_000);

  it('says where the personal-data keys are: in the backup, or with DATABASE_URL in PostgreSQL, which it does not copy', async () => {
    const plain = await runCli(['store', 'backup', path.join(scratch, 'keys-here.backup'), '--json'], env);
    expect(json<{ personalDataKeys: string }>(plain.stdout).personalDataKeys).toBe('in this backup');
    const shared = await runCli(['store', 'backup', path.join(scratch, 'keys-elsewhere.backup'), '--json'], {
      ...env,
      DATABASE_URL: 'postgresql://stickwork@db.internal/stickwork',
      // Required beside DATABASE_URL: every host signs and names alike.
      JWT_SECRET: randomBytes(48).toString('base64'),
      RESERVATION_SECRET: randomBytes(48).toString('base64'),
    });
    expect(shared.code, shared.stderr).toBe(0);
    expect(json<{ personalDataKeys: string }>(shared.stdout).personalDataKeys).toBe(
      'not in this backup: they are in PostgreSQL (DATABASE_URL); back that database up too (pg_dump)',
    );
  });

  it('refuses a file that is no backup, and asks before replacing when there is no --yes', async () => {
    const notBackup = path.join(scratch, 'notes.txt');
    fs.writeFileSync(notBackup, 'hello');
    const run = await runCli(['store', 'restore', notBackup, '--yes'], { DATA_DIR: path.join(scratch, 'x') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is no Stickwork backup');
    const file = path.join(scratch, 'second.backup');
    expect((await runCli(['store', 'backup', file], env)).code).toBe(0);
    const unconfirmed = await runCli(['store', 'restore', file], { DATA_DIR: path.join(scratch, 'y') });
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('pass --yes');
    expect(fs.existsSync(path.join(scratch, 'y', 'stickwork.sqlite'))).toBe(false);
  }, 60_000);
});
