/**
 * What tripped up an operator trying the CLI on a fresh clone: each against the CLI run as a
 * separate process on a real SQLite store that a server-like backend keeps open.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS } from '@stickwork/projections';
import { interruptedRebuildText, rebuildProjections } from './actions/projections.js';
import { buildProgram } from './program.js';
import { completionHints } from './define-command.js';
import { cliCommandLine, repositoryRoot, runCli } from './testing/run-cli.js';
import { seededBackend, type SeededBackend } from './testing/seeded-backend.js';

let world: SeededBackend;
let env: Record<string, string>;
const customer = (index: number) => world.seeded.customers[index]!;

beforeAll(async () => {
  world = await seededBackend({ customers: 4, days: 6, seed: 21 });
  env = { DATA_DIR: world.dataDir, USER: 'night-operator' };
}, 120_000);
afterAll(async () => world.dispose());

const stackTrace = /\n\s+at |\\x0a\s+at /;

describe('1. --type knows every event type the store can hold', () => {
  it.each(['LessonCreditReturned', 'PracticeRemindersSet', 'LessonCreditUsed', 'TeacherAdded'])(
    'history --type %s answers "(no events)" for a customer who has none, exit 0',
    async (type) => {
      const run = await runCli(['history', customer(0).email, '--type', type], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe('(no events)');
    },
  );
});

describe('2. positions paste back as history prints them', () => {
  it('takes "# 5", "#5" and "5" in event and replay --until', async () => {
    const history = await runCli(['history', customer(0).email], env);
    const padded = /^(#\s+\d+) /m.exec(history.stdout)?.[1];
    expect(padded).toBeDefined();
    const position = Number(padded!.slice(1));
    for (const reference of [padded!, `#${position}`, String(position)]) {
      const run = await runCli(['event', reference, '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ position });
    }
    const replay = await runCli(['replay', customer(0).email, '--until', padded!, '--json'], env);
    expect(replay.code, replay.stderr).toBe(0);
    expect((JSON.parse(replay.stdout) as { lastPosition: number }).lastPosition).toBeLessThanOrEqual(
      position,
    );
  });
});

describe('3. a damaged store', () => {
  let damaged: string;
  beforeAll(async () => {
    damaged = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-damaged-'));
    const file = path.join(damaged, 'stickwork.sqlite');
    const source = new Database(path.join(world.dataDir, 'stickwork.sqlite'), { readonly: true });
    await source.backup(file);
    source.close();
    fs.cpSync(path.join(world.dataDir, 'secrets'), path.join(damaged, 'secrets'), { recursive: true });
    const copy = new Database(file, { readonly: true });
    const pageSize = copy.pragma('page_size', { simple: true }) as number;
    const leaves = copy
      .prepare("SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' ORDER BY pageno")
      .pluck()
      .all() as number[];
    copy.close();
    // A leaf page of the log whose cell pointers point out of the page: reads skip or fail on it.
    const page = leaves[Math.floor(leaves.length / 2)]!;
    const handle = fs.openSync(file, 'r+');
    fs.writeSync(handle, Buffer.alloc(16, 0xf0).fill(0xff, 0, 1), 0, 16, (page - 1) * pageSize + 8);
    fs.closeSync(handle);
  });
  afterAll(() => fs.rmSync(damaged, { recursive: true, force: true }));

  it('store check prints each problem on a line of its own', async () => {
    const run = await runCli(['store', 'check'], { DATA_DIR: damaged });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('\\x0a');
    expect(run.stdout).toMatch(/^problem 2 /m);
    const json = JSON.parse((await runCli(['store', 'check', '--json'], { DATA_DIR: damaged })).stdout) as {
      problems: string[];
    };
    expect(json.problems.length).toBeGreaterThan(1);
    expect(json.problems.every((problem) => !problem.includes('\n'))).toBe(true);
  });

  it.each(
    [
      ['store', 'info'],
      ['history', 'EMAIL'],
      ['replay', 'EMAIL'],
      ['events'],
      ['event', '1'],
      ['streams'],
    ].map((args) => [args.join(' '), args] as const),
  )('%s warns of the damage on stderr and exits 1, never with a stack trace', async (_name, args) => {
    const run = await runCli(
      args.map((arg) => (arg === 'EMAIL' ? customer(0).email : arg)),
      { DATA_DIR: damaged },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/damaged|cannot be read/);
    expect(run.stderr).toContain('stickwork store check');
    expect(run.stderr).not.toMatch(stackTrace);
  });
});

describe('4. the same flags and exit codes across commands', () => {
  it('customer export and teacher add take --yes', async () => {
    const out = path.join(world.dataDir, 'export-yes.zip');
    const exported = await runCli(['customer', 'export', customer(1).email, '--out', out, '--yes'], env);
    expect(exported.code, exported.stderr).toBe(0);
    expect(fs.existsSync(out)).toBe(true);
    const added = await runCli(
      [
        'teacher',
        'add',
        'tom',
        '--name',
        'Tom',
        '--email',
        'tom@example.com',
        '--tz',
        'Europe/Berlin',
        '--yes',
      ],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
  });

  it('a wrong zone is a usage error (exit 2) for every command, a wrong email names the flag', async () => {
    const history = await runCli(['history', customer(0).email, '--tz', 'Mars/Base'], env);
    const teacher = await runCli(
      ['teacher', 'add', 'max', '--name', 'Max', '--email', 'max@example.com', '--tz', 'Mars/Base', '--yes'],
      env,
    );
    for (const run of [history, teacher]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('invalid --tz: Mars/Base is not a time zone');
    }
    const email = await runCli(
      ['teacher', 'add', 'max', '--name', 'Max', '--email', 'notanemail', '--tz', 'Europe/Berlin', '--yes'],
      env,
    );
    expect(email.code).toBe(2);
    expect(email.stderr).toBe(
      'stickwork: error: invalid --email: expected an email address such as tina@example.com\n',
    );
  });
});

describe('5. customer export', () => {
  it("refuses an erased customer's export instead of writing an empty zip", async () => {
    const { customerId, email } = customer(3);
    const erased = await runCli(['customer', 'erase', email, '--yes'], env);
    expect(erased.code, erased.stderr).toBe(0);
    const out = path.join(world.dataDir, 'erased.zip');
    const run = await runCli(['customer', 'export', customerId, '--out', out], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`customer ${customerId} was erased on`);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('--out - writes the zip to stdout, not to a file named "-"', async () => {
    const dash = path.join(repositoryRoot, '-');
    try {
      const zip = execFileSync(
        'sh',
        ['-c', `${cliCommandLine(['customer', 'export', customer(1).email, '--out', '-'])}`],
        { cwd: repositoryRoot, env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, maxBuffer: 1 << 26 },
      );
      expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(fs.existsSync(dash)).toBe(false);
    } finally {
      fs.rmSync(dash, { force: true });
    }
  });
});

describe('6. completion', () => {
  const complete = (script: string, words: string[], pathDir: string) =>
    execFileSync(
      'bash',
      [
        '-c',
        `${script}\nCOMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _stickwork; echo "\${COMPREPLY[*]}"`,
      ],
      { env: { ...process.env, ...env, PATH: `${pathDir}:${process.env.PATH}`, LOG_LEVEL: 'silent' } },
    )
      .toString()
      .trim()
      .split(' ')
      .filter(Boolean);

  it('completes `npx stickwork`, and values: projections, --type, --tz and customer ids', async () => {
    const script = (await runCli(['completion', 'bash'])).stdout;
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-bin-'));
    try {
      // `stickwork` on PATH runs this checkout's CLI, as `npm link` would.
      fs.writeFileSync(path.join(bin, 'stickwork'), `#!/bin/sh\nexec ${cliCommandLine([])} "$@"\n`, {
        mode: 0o755,
      });
      expect(complete(script, ['npx', 'stickwork', 'hist'], bin)).toEqual(['history']);
      expect(complete(script, ['npx', 'stickwork', 'projections', 'rebuild', ''], bin)).toEqual(
        ALL_PROJECTIONS.map((projection) => projection.name),
      );
      expect(complete(script, ['npx', 'stickwork', 'events', '--type', 'LessonCreditRe'], bin)).toEqual([
        'LessonCreditReturned',
      ]);
      expect(complete(script, ['stickwork', 'history', '--tz', 'Europe/Berl'], bin)).toEqual([
        'Europe/Berlin',
      ]);
      expect(complete(script, ['stickwork', 'history', '--tz', 'UTC', ''], bin).sort()).toEqual(
        world.seeded.customers
          .slice(0, 3)
          .map((c) => c.customerId)
          .sort(),
      );
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('7. Ctrl-C after the swap of a rebuild', () => {
  it('says the new read models are in place and that their check did not run', async () => {
    const [projection] = ALL_PROJECTIONS;
    const stop = new AbortController();
    // Ctrl-C lands as the progress bar finishes: the rebuild has swapped its read models in.
    const outcome = await rebuildProjections(
      world.backend,
      [projection!],
      () => ({ update: () => undefined, finish: async () => stop.abort() }),
      stop.signal,
    );
    expect(outcome).toMatchObject({ interrupted: true, results: [], unchecked: [projection!.name] });
    expect(interruptedRebuildText(outcome, [projection!])).toBe(
      `interrupted; rebuilt and swapped in: ${projection!.name}; not checked: ${projection!.name} (run projections verify ${projection!.name})`,
    );
  });
});

describe('8. replay, JSON keys, personal data, partial names, plurals', () => {
  it('replay before registration says there is no customer yet; its header shows the time in --tz', async () => {
    const run = await runCli(
      ['replay', customer(0).email, '--until', '2001-01-01', '--tz', 'Asia/Tokyo'],
      env,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Customer \S+ as of 2001-01-01 23:59:59 Asia\/Tokyo$/m);
    expect(run.stdout).toMatch(/^plan\s+no customer yet/m);
    const json = JSON.parse(
      (await runCli(['replay', customer(0).email, '--until', '2001-01-01', '--json'], env)).stdout,
    ) as { plan: unknown; registered: boolean };
    expect(json).toMatchObject({ plan: null, registered: false });
  });

  it('names a customer customerId in every JSON output', async () => {
    const rows = JSON.parse((await runCli(['customers', '--json'], env)).stdout) as Record<string, unknown>[];
    expect(rows[0]).toHaveProperty('customerId');
    expect(rows[0]).not.toHaveProperty('id');
  });

  it('history hides names and emails unless --show-personal, as events does', async () => {
    const { email } = customer(0);
    const hidden = await runCli(['history', email, '--json'], env);
    expect(hidden.code).toBe(0);
    expect(hidden.stdout).not.toContain(email);
    const text = await runCli(['history', email], env);
    expect(text.stdout).not.toContain(email);
    const shown = await runCli(['history', email, '--json', '--show-personal'], env);
    expect(shown.stdout).toContain(email);
  });

  it('finds a customer by part of a name, as customers --search does', async () => {
    const [first] = JSON.parse((await runCli(['customers', '--json'], env)).stdout) as {
      customerId: string;
      name: string;
    }[];
    const part = first!.name.toLowerCase().slice(1, -1);
    const run = await runCli(['history', part, '--json', '--limit', '1'], env);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { stream: string }[])[0]!.stream).toContain(first!.customerId);
  });
});

describe('9. Stripe configuration', () => {
  it('names every missing variable at once', async () => {
    const run = await runCli(['store', 'info'], { ...env, STRIPE_SECRET_KEY: 'sk_test_1' });
    expect(run.code).toBe(1);
    for (const name of [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_BASIC_MONTHLY',
      'STRIPE_PRICE_PREMIUM_YEARLY',
      'STRIPE_PRICE_EXCLUSIVE_YEARLY',
    ])
      expect(run.stderr).toContain(name);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('10. options declared once', () => {
  it('every command is declared with defineCommand, its options and their schemas in one place', () => {
    const leaves = (
      command: ReturnType<typeof buildProgram>,
      prefix: string[] = [],
    ): [string, typeof command][] =>
      command.commands.length === 0
        ? [[prefix.join(' '), command]]
        : command.commands.flatMap((sub) => leaves(sub, [...prefix, sub.name()]));
    const undeclared = leaves(buildProgram())
      .filter(([name]) => !name.startsWith('catalogue') && !name.startsWith('completion'))
      .filter(([, command]) => !completionHints.has(command))
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });

  it('names a missing required option as one line, exit 2', async () => {
    const run = await runCli(['seed', '--days', '1'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('stickwork: error: missing --customers: it is required\n');
  });
});
