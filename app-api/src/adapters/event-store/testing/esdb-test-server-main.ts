/**
 * `npm run esdb-test-server -- --port N`: the in-process EventStoreDB test server (test-only code,
 * docs/eventstoredb.md) as a process of its own, so several app servers can share one store.
 * Listens on 127.0.0.1:N (0: a free port) until SIGINT or SIGTERM; prints one line, its
 * connection string. A bad or used port is one line on stderr and exit 1. It keeps everything in
 * memory: stopping it loses the log.
 */
import { createRequire } from 'node:module';
import type * as Grpc from '@grpc/grpc-js';
import { startEsdbTestServer } from './esdb-test-server.js';

// grpc-js logs a failed bind itself ("No address added ..."): the one line below says it.
const grpc = createRequire(import.meta.url)('@grpc/grpc-js') as typeof Grpc;
grpc.setLogVerbosity(grpc.logVerbosity.NONE);

const fail = (message: string): never => {
  process.stderr.write(`esdb-test-server: ${message}\n`);
  process.exit(1);
};

const USAGE = 'usage: npm run esdb-test-server -- --port N   (N from 0 to 65535; 0 takes a free port)';

const parsePort = (args: readonly string[]): number => {
  let text: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--port') text = args[++index];
    else if (arg.startsWith('--port=')) text = arg.slice('--port='.length);
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else fail(`unknown argument '${arg}'; ${USAGE}`);
  }
  if (text === undefined) return fail(`--port is required; ${USAGE}`);
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) fail(`--port must be a whole number from 0 to 65535, got '${text}'`);
  return port;
};

const port = parsePort(process.argv.slice(2));
const server = await startEsdbTestServer({ port }).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  return fail(
    /EADDRINUSE|address already in use|No address added/i.test(message)
      ? `port ${port} on 127.0.0.1 is in use`
      : `cannot listen on 127.0.0.1:${port}: ${message}`,
  );
});
process.stdout.write(`${server.connectionString}\n`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
