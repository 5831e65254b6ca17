/**
 * The built server in a child process for the HTTP benchmarks (so the load generator does not
 * share its event loop), on a fresh DATA_DIR, and premium customers to drive it with.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStores, loadConfig } from '@stickwork/app-api';
import { runCustomerCommand } from '@stickwork/app-api/testing';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The node flags `npm start` runs the server with (the root package.json's start script), so the
 * benchmarks measure the server as it runs. */
const startFlags = (): string[] => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /exec node (.*?) ?app-api\/dist\/main\.js/.exec(scripts.start);
  if (!flags) throw new Error(`npm start no longer runs node app-api/dist/main.js: ${scripts.start}`);
  return flags[1]!.split(' ').filter(Boolean);
};

/**
 * Starts `node app-api/dist/main.js` with `npm start`'s node flags (build first) and waits for its first answer.
 * `BENCH_FROM_SOURCE=1` runs the TypeScript sources through tsx instead (while a build is broken).
 */
export const startBenchServer = async (
  port: number,
  environment: Record<string, string> = {},
  {
    nodeArguments = [],
    cpus,
  }: {
    nodeArguments?: readonly string[];
    /** Pins the server's processes to these CPUs (`taskset -c`), away from the load generator. */
    cpus?: string;
  } = {},
) => {
  const fromSource = process.env.BENCH_FROM_SOURCE === '1';
  const main = path.join(root, fromSource ? 'app-api/src/main.ts' : 'app-api/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-bench-'));
  const args = [
    ...startFlags(),
    ...nodeArguments,
    ...(fromSource ? ['--import', 'tsx', '--conditions=source', main] : [main]),
  ];
  const [command, commandArgs] = cpus
    ? ['taskset', ['-c', cpus, process.execPath, ...args]]
    : [process.execPath, args];
  const child: ChildProcess = spawn(command, commandArgs, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...environment },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - started > 60_000) throw new Error('the server did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies BenchServer;
};

let customers = 0;

/** A customer registered over HTTP, made premium (no daily limit) in the store, self-rated. */
export const premiumCustomer = async (
  server: BenchServer,
): Promise<{ token: string; customerId: string }> => {
  customers += 1;
  const ip = `10.77.${customers >> 8}.${customers & 255}`;
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({
      email: `bench.${customers}.${Date.now()}@example.com`,
      password: 'Paradiddle-42',
      firstname: 'Bench',
      lastname: 'Drummer',
      country: 'GB',
      dateTermsAndConditions: '2026-01-15T10:00:00.000Z',
      newsletterSubscription: false,
    }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    customerId: string;
  };
  const stores = await openStores(loadConfig({ DATA_DIR: server.dataDir, PORT: '0' }));
  try {
    await runCustomerCommand({ store: stores.store, clock: () => new Date() }, payload.customerId, {
      type: 'StartSubscription',
      data: {
        tier: 'premium',
        period: 'yearly',
        status: 'active',
        currentPeriodEnd: '2099-12-31T00:00:00.000Z',
      },
    });
  } finally {
    await stores.close();
  }
  const rated = await fetch(`${server.url}/api/focus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({ skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }] }),
  });
  if (!rated.ok) throw new Error(`self-rating: ${rated.status} ${await rated.text()}`);
  return { token, customerId: payload.customerId };
};
