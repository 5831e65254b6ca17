/**
 * Each fault an operator met, against a real SQLite store that stays
 * open in this process as the server's would, with the CLI run as a separate process where the
 * fault was one of the process (exit codes, pipes, signals, files left behind).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, loadConfig, openStores } from '@stickwork/app-api';
import { practiceStreamId, type EventStore } from '@stickwork/domain';
import { practiceProgressProjection } from '@stickwork/projections';
import { pino } from 'pino';
import { findEvent, listStreams, browsedEvent } from './actions/streams.js';
import { rebuildProjections } from './actions/projections.js';
import { setSkillLevel } from './customers/operate-customer.js';
import { seedStore } from './seed/seed-store.js';
import { seededBackend, type SeededBackend } from './testing/seeded-backend.js';
import { execFileSync } from 'node:child_process';
import { cliCommandLine, repositoryRoot, runCli, spawnCli } from './testing/run-cli.js';
import { startProgress } from './ui/render.js';

let world: SeededBackend;
let env: Record<string, string>;
const customer = (index: number) => world.seeded.customers[index]!;

beforeAll(async () => {
  world = await seededBackend({ customers: 4, days: 8, seed: 21 });
  env = { DATA_DIR: world.dataDir, STICKWORK_PAGER: 'cat' };
}, 120_000);
afterAll(async () => world.dispose());

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-cli-ii-'));

describe('honest write commands (item 1)', () => {
  it('set-level reports the event it appended, not an API write that landed in the stream meanwhile', async () => {
    const { customerId } = customer(1);
    const store = world.backend.store;
    let raced = false;
    // The API writes to the same practice stream right after the CLI's append.
    const racing: EventStore = {
      ...store,
      appendToStream: async (streamId, events, options) => {
        const result = await store.appendToStream(streamId, events, options);
        if (!raced && streamId === practiceStreamId(customerId)) {
          raced = true;
          await store.appendToStream(streamId, [
            {
              type: 'PracticeActivityRecorded',
              data: { day: '2026-05-10', lessons: 1, minutes: 5 },
              metadata: { schemaVersion: 1, time: new Date().toISOString() },
            },
          ]);
        }
        return result;
      },
    };
    const operation = await setSkillLevel({ ...world.backend, store: racing }, customerId, {
      skill: 'timing',
      level: 'advanced',
    });
    expect(raced).toBe(true);
    expect(operation.events).toEqual([
      { type: 'SkillPreferenceChanged', data: { skill: 'timing', selected: true, level: 'advanced' } },
    ]);
  });
});

describe('seed (items 2 and 3)', () => {
  it('writes no event after the moment it runs, even when the last day is today', async () => {
    const now = new Date('2026-05-10T12:00:00.000Z');
    const seeded = async (notAfter?: Date) => {
      const dataDir = tempDir();
      const backend = await createBackend(loadConfig({ DATA_DIR: dataDir }), {
        logger: pino({ level: 'silent' }),
        clock: () => now,
      });
      try {
        await seedStore(backend, {
          customers: 8,
          days: 3,
          seed: 5,
          end: now,
          ...(notAfter ? { notAfter } : {}),
        });
        return (await backend.store.readAll()).map((event) => event.metadata.time);
      } finally {
        await backend.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    };
    // Simulating the whole of today would write events after noon...
    expect((await seeded()).some((time) => time > now.toISOString())).toBe(true);
    // ...the command stops at the moment it runs.
    const times = await seeded(now);
    expect(times.length).toBeGreaterThan(0);
    expect(times.filter((time) => time > now.toISOString())).toEqual([]);
  }, 60_000);

  it('stops on Ctrl-C between customer actions, says what it wrote and exits 130', async () => {
    const dataDir = tempDir();
    try {
      const child = spawnCli(['seed', '--customers', '400', '--days', '300', '--seed', '9', '--json'], {
        DATA_DIR: dataDir,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      // Interrupt once the seed is writing: its store has events.
      const file = path.join(dataDir, 'stickwork.sqlite');
      const deadline = Date.now() + 90_000;
      for (;;) {
        // The WAL appears a moment after the file: a store without one yet has written nothing to it.
        const bytes = (name: string) => fs.statSync(name, { throwIfNoEntry: false })?.size ?? 0;
        if (bytes(file) + bytes(`${file}-wal`) > 200_000) break;
        if (Date.now() > deadline) throw new Error(`seed never started writing: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      const summary = JSON.parse(stdout) as { interrupted: boolean; events: number; customers: unknown[] };
      expect(summary.interrupted).toBe(true);
      expect(summary.customers.length).toBeLessThan(400);
      const stores = await openStores(loadConfig({ DATA_DIR: dataDir }), { readonly: true });
      expect((await stores.store.stats()).events).toBe(summary.events);
      await stores.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('projections while the server runs (item 4)', () => {
  it('a reader on another connection sees the old or the complete new read models during a rebuild, never less', async () => {
    const name = practiceProgressProjection.name;
    await world.backend.projections.catchUp();
    const reader = await openStores(loadConfig({ DATA_DIR: world.dataDir }));
    try {
      const before = JSON.stringify(reader.readModels.list(name));
      expect(JSON.parse(before)).toHaveLength(world.seeded.customers.length);
      const seen = new Set<string>();
      let reading = true;
      const polling = (async () => {
        while (reading) {
          seen.add(JSON.stringify(reader.readModels.list(name)));
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const { results } = await rebuildProjections(world.backend, [practiceProgressProjection]);
      reading = false;
      await polling;
      expect(results[0]).toMatchObject({ matches: true, events: (await world.backend.store.stats()).events });
      expect([...seen]).toEqual([before]);
    } finally {
      await reader.close();
    }
  });

  it('verify reports drift with exit 1 and writes nothing', async () => {
    const name = practiceProgressProjection.name;
    await world.backend.projections.catchUp();
    const clean = await runCli(['projections', 'verify', '--json'], env);
    expect(clean.code).toBe(0);
    expect((JSON.parse(clean.stdout) as { matches: boolean }[]).every((check) => check.matches)).toBe(true);

    const { customerId } = customer(0);
    const { readModels } = world.backend;
    const stored = readModels.get<{ progress: Record<string, number> }>(name, customerId)!;
    const drifted = { ...stored, progress: { ...stored.progress, timing: 77 } };
    readModels.put(name, customerId, drifted);
    const checkpoint = readModels.checkpoint(name);

    const run = await runCli(['projections', 'verify', name], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`1 differ: ${customerId}`);
    expect(run.stderr).toBe(
      `stickwork: error: read models drifted from the log: ${name} (1); run projections rebuild\n`,
    );
    expect(readModels.get(name, customerId)).toEqual(drifted);
    expect(readModels.checkpoint(name)).toBe(checkpoint);
    await world.backend.projections.rebuild(name);
  }, 60_000);
});

describe('pipe-friendly output (items 6, 7, 8)', () => {
  it('prints history as plain lines with positions, one per event, and --limit keeps the latest', async () => {
    const { email } = customer(2);
    const json = await runCli(['history', email, '--json'], env);
    const entries = JSON.parse(json.stdout) as { position: number; type: string }[];
    const text = await runCli(['history', email], env);
    expect(text.code).toBe(0);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(entries.length);
    lines.forEach((line, i) =>
      expect(line).toMatch(new RegExp(`^#\\s*${entries[i]!.position} \\S+ \\S+ ${entries[i]!.type} `)),
    );
    const limited = (await runCli(['history', email, '--limit', '2'], env)).stdout.trimEnd().split('\n');
    expect(limited.map((line) => Number(/^#\s*(\d+)/.exec(line)![1]))).toEqual(
      entries.slice(-2).map((entry) => entry.position),
    );
  });

  const hasScript = (() => {
    try {
      execFileSync('script', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      console.log('pager test skipped: util-linux `script` (a pseudo-terminal) is not installed');
      return false;
    }
  })();

  it.runIf(hasScript)(
    'pages output taller than the terminal, and writes shorter output straight',
    async () => {
      const { email } = customer(2);
      const onTerminal = (args: string[]) =>
        execFileSync('script', ['-qec', `stty rows 8 cols 200; ${cliCommandLine(args)}`, '/dev/null'], {
          cwd: repositoryRoot,
          env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: world.dataDir, PAGER: 'echo PAGED; wc -l' },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const events = (JSON.parse((await runCli(['history', email, '--json'], env)).stdout) as unknown[])
        .length;
      expect(events).toBeGreaterThan(8);
      const paged = onTerminal(['history', email]);
      expect(paged).toContain('PAGED');
      expect(paged).toMatch(new RegExp(`\\b${events}\\b`));
      const short = onTerminal(['history', email, '--limit', '2']);
      expect(short).not.toContain('PAGED');
      expect(short.trim().split('\n')).toHaveLength(2);
    },
    60_000,
  );

  it('ends quietly with exit 0 when the reader of its output goes away (| head)', async () => {
    const { email, customerId } = customer(2);
    // --follow keeps it writing after the reader has gone: the next event meets a closed pipe.
    const child = spawnCli(['history', email, '--json', '--follow'], env);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const metadata = { schemaVersion: 1, time: new Date().toISOString() };
    for (let i = 0; i < 20 && child.exitCode === null; i++) {
      await world.backend.store.appendToStream(practiceStreamId(customerId), [
        { type: 'PracticeActivityRecorded', data: { day: '2026-05-10', lessons: 1, minutes: 5 }, metadata },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  }, 60_000);

  it('draws no progress bar on a stream that is not a terminal', async () => {
    const written: string[] = [];
    const pipe = Object.assign(
      new (await import('node:stream')).Writable({
        write: (chunk: Buffer, _encoding, done) => (written.push(chunk.toString()), done()),
      }),
      { isTTY: false },
    ) as unknown as NodeJS.WriteStream;
    const bar = startProgress('seeding', 10, 'days', pipe);
    bar.update(5);
    await bar.finish();
    expect(written).toEqual([]);
  });
});

describe('dates (item 9)', () => {
  it('reads a bare day as the whole day in --tz, and takes back the times history prints', async () => {
    const { email } = customer(2);
    const all = JSON.parse(
      (await runCli(['history', email, '--json', '--tz', 'Europe/Paris'], env)).stdout,
    ) as {
      localTime: string;
      position: number;
    }[];
    const day = all.at(-1)!.localTime.slice(0, 10);
    const sameDay = all.filter((entry) => entry.localTime.startsWith(day));
    const run = await runCli(
      ['history', email, '--json', '--tz', 'Europe/Paris', '--since', day, '--until', day],
      env,
    );
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { position: number }[]).map((entry) => entry.position)).toEqual(
      sameDay.map((entry) => entry.position),
    );
    const printed = sameDay[0]!.localTime;
    const at = await runCli(
      ['history', email, '--json', '--tz', 'Europe/Paris', '--since', printed, '--until', printed],
      env,
    );
    expect(at.code).toBe(0);
    expect(
      (JSON.parse(at.stdout) as { localTime: string }[]).every((entry) => entry.localTime === printed),
    ).toBe(true);
  });

  it('refuses a replay point that could be a position or a day, and takes #position', async () => {
    const { email } = customer(2);
    const ambiguous = await runCli(['replay', email, '--until', '20260508'], env);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toBe(
      'stickwork: error: ambiguous --until 20260508: for the day write 2026-05-08, for the position #20260508\n',
    );
    const position = await runCli(['replay', email, '--until', '#12', '--json'], env);
    expect(position.code).toBe(0);
    expect(
      (JSON.parse(position.stdout) as { lastPosition: number | null }).lastPosition ?? 0,
    ).toBeLessThanOrEqual(12);
  });
});

describe('names and usage (items 10, 11)', () => {
  it('refuses an unknown --type and lists the known ones, with exit 2', async () => {
    const run = await runCli(['history', customer(0).email, '--type', 'LessonEvaluted'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^stickwork: error: invalid --type: unknown event type "LessonEvaluted"; known types: .*LessonEvaluated/,
    );
  });

  it('mail show reads only files of the outbox', async () => {
    for (const reference of ['/etc/passwd', '../secrets/jwt-secret']) {
      const run = await runCli(['mail', 'show', reference], env);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`no mail "${reference}" in the outbox`);
    }
  });

  it('usage errors say stickwork: error: and exit 2; --version prints the version', async () => {
    const unknown = await runCli(['customers', '--serch', 'x'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("stickwork: error: unknown option '--serch'");
    const version = await runCli(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' });
  });

  it('an unreachable KurrentDB is one line naming host and port, and leaves no file behind', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const run = await runCli(['customers'], {
      DATA_DIR: dataDir,
      EVENTSTORE_CONNECTION_STRING: 'kurrentdb://admin:changeit@127.0.0.1:1?tls=false',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'stickwork: error: cannot open EventStoreDB: EventStoreDB is unreachable at 127.0.0.1:1\n',
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe('browsing the store (item 12)', () => {
  it('lists streams with counts, reads a stream and one event, personal data only on request', async () => {
    const { customerId, email } = customer(0);
    const streams = await listStreams(world.backend.store, 'customer-');
    const own = streams.find((row) => row.stream === `customer-${customerId}`)!;
    const events = await world.backend.store.readStream(`customer-${customerId}`);
    expect(own).toMatchObject({ events: events.length, lastPosition: events.at(-1)!.position });
    expect(streams.every((row) => row.stream.startsWith('customer-'))).toBe(true);

    const registered = (await findEvent(world.backend.store, `#${events[0]!.position}`))!;
    expect(registered.type).toBe('CustomerRegistered');
    expect(await findEvent(world.backend.store, registered.id)).toEqual(registered);
    const hidden = JSON.stringify(browsedEvent(registered, false));
    expect(hidden).not.toContain(email);
    expect(hidden).not.toContain('passwordHash');
    expect(JSON.stringify(browsedEvent(registered, true))).toContain(email);
    expect(JSON.stringify(browsedEvent(registered, true))).not.toContain('passwordHash');

    const run = await runCli(['event', String(registered.position), '--json'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      id: registered.id,
      type: 'CustomerRegistered',
      metadata: { schemaVersion: registered.metadata.schemaVersion },
    });
    expect(run.stdout).not.toContain(email);
  });

  it('prints a bash completion that knows every command', async () => {
    const run = await runCli(['completion', 'bash']);
    expect(run.code).toBe(0);
    for (const word of ['streams', 'events', 'event', 'history', 'set-level', '--show-personal', 'verify'])
      expect(run.stdout).toContain(word);
    expect(run.stdout).toContain('complete -F _stickwork stickwork');
  });
});
