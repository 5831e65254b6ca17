import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port nothing listens on right now (the probe's). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/** Polls `check` every 100 ms until it holds; throws naming `what` after `timeoutMs`. */
export const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** One pino line of the server's stdout. */
export interface LogLine {
  pid: number;
  msg: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Every log line so far, in order. */
  log: LogLine[];
  stderr(): string;
  /** The primary's exit (code, signal), once its output is read to the end (its workers share it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The pids of the primary's worker processes now (Linux `ps`). */
  workerPids(): number[];
}

/**
 * The built server (`node app-api/dist/main.js`: run `npx tsc -b` first) as its own process on a free
 * loopback port, with its JSON log lines collected. Resolves once `ready` holds for the log (default:
 * every worker process is serving, or a single process is running).
 */
export const startServerProcess = async (
  env: Record<string, string>,
  ready: (log: LogLine[]) => boolean = (log) =>
    log.some(
      // A cluster's primary says "running" once its first worker listens; a single process has no workers.
      (line) =>
        line.msg === 'every worker process is serving' ||
        (line.msg.startsWith('Stickwork is running') && line.workers === undefined),
    ),
): Promise<ServerProcess> => {
  const main = path.join(root, 'app-api/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('Build first: npx tsc -b');
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: LogLine[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      log.push(JSON.parse(line) as LogLine);
    } catch {
      // not a log line
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  await until(`the server to start (${stderr})`, () => gone || ready(log));
  if (gone) throw new Error(`the server exited: ${stderr}`);
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    stderr: () => stderr,
    exited,
    workerPids: () => {
      try {
        return execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' })
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map(Number);
      } catch {
        return []; // ps exits 1 when there are none
      }
    },
  };
};

export interface PlainResponse {
  status: number;
  json: unknown;
}

/**
 * One request on a connection of its own (no keep-alive), so the cluster's primary hands each request
 * to the next worker in turn, as it does for separate clients.
 */
export const requestOnNewConnection = (
  url: string,
  method: string,
  pathAndQuery: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<PlainResponse> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${url}${pathAndQuery}`,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const isJson = (response.headers['content-type'] ?? '').includes('application/json');
          resolve({ status: response.statusCode ?? 0, json: isJson ? (JSON.parse(text) as unknown) : text });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
