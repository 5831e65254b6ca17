import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Config } from './config.js';
import { createBackend, type Backend } from './backend.js';
import { createServer } from './server.js';
import { errnoWords, StartupError } from './startup-error.js';
import { systemClock } from './clock.js';
import { createTestClock, testClockEnabled, testClockFile } from './http/test-clock.js';
import { startBackgroundDuties } from './background-duties.js';

/** How long a stopping server lets in-flight requests finish before it closes their connections. */
export const DRAIN_MS = 10_000;

/** An address this machine does not have, or a name that does not resolve, is HOST's fault. */
const listenFailure = (error: unknown, host: string, port: number): unknown => {
  const code = (error as NodeJS.ErrnoException).code;
  // Worded alike whether the process listens itself or through the cluster's primary (syscall 'bind').
  if (code === 'EADDRINUSE') return new StartupError(`cannot listen on port ${port}: ${errnoWords(error)}`);
  if (code === 'EADDRNOTAVAIL')
    return new StartupError(`HOST ${host} is not an address of this machine (${code})`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new StartupError(`HOST ${host} does not resolve to an address (${code})`);
  return error;
};

/** Stops accepting, lets in-flight requests finish (at most `ms`), then closes what is left. */
const drain = (server: Server, ms: number) =>
  new Promise<void>((resolve) => {
    const cutOff = setTimeout(() => server.closeAllConnections(), ms);
    server.close(() => {
      clearTimeout(cutOff);
      resolve();
    });
    server.closeIdleConnections();
  });

export interface ServingProcess {
  backend: Backend;
  /** The address the socket is bound to (HOST, and the port PORT=0 picked), not what was asked for. */
  host: string;
  port: number;
  /** Stops accepting, hands its background duties over, drains in-flight requests, closes the backend. */
  stop(): Promise<void>;
}

/**
 * One serving process (the single server, or one cluster worker): the backend, the HTTP server on
 * PORT, and the background duties it takes its turn at (background-duties.ts). Rejects on any
 * start-up failure, with nothing left open.
 */
export const serve = async (config: Config): Promise<ServingProcess> => {
  // Test-only: a clock the e2e suite can move forward (STICKWORK_TEST_CLOCK=1, never in production),
  // its offset in DATA_DIR so every worker reads the same time.
  const testClock = testClockEnabled()
    ? createTestClock(systemClock, testClockFile(config.dataDir))
    : undefined;
  const backend = await createBackend(config, testClock ? { clock: testClock.clock } : {});
  const duties = await startBackgroundDuties(backend);
  // Listening is the last step: a cluster worker is handed connections from then on, and a stop
  // before it (cluster/run-worker.ts) has nothing in flight to drain.
  const server = createServer(backend, testClock ? { testClock } : {}).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve).once('error', reject);
  }).catch(async (error: unknown) => {
    await duties.stop().catch(() => undefined);
    await backend.close().catch(() => undefined);
    throw listenFailure(error, config.host, config.port);
  });
  const { address, port } = server.address() as AddressInfo;
  let stopping: Promise<void> | undefined;
  return {
    backend,
    host: address,
    port,
    stop: () =>
      (stopping ??= (async () => {
        const drained = drain(server, DRAIN_MS);
        // Released first, so another process takes the duties over at once.
        await duties.stop();
        await drained;
        await backend.close();
      })()),
  };
};

/** `http://host:port`, with brackets around an IPv6 address. */
export const originOf = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * SIGTERM or SIGINT stops the process cleanly (`stop`, then exit 0); a stop that hangs past the drain
 * and some margin exits anyway. A second SIGINT (Ctrl-C twice) kills at once, as Node does by default.
 */
export const stopOnSignals = (stop: () => Promise<void>, onError: (error: unknown) => void): void => {
  const exit = () => {
    setTimeout(() => process.exit(0), DRAIN_MS + 5_000).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        onError(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', exit);
  process.once('SIGTERM', exit);
};
