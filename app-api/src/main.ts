import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.js';
import { createBackend } from './backend.js';
import { createServer } from './server.js';
import { describeStartupFailure, StartupError } from './startup-error.js';
import { systemClock } from './clock.js';
import { createTestClock, testClockEnabled } from './http/test-clock.js';

/** An address this machine does not have, or a name that does not resolve, is HOST's fault. */
const listenFailure = (error: unknown, host: string): unknown => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRNOTAVAIL')
    return new StartupError(`HOST ${host} is not an address of this machine (${code})`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new StartupError(`HOST ${host} does not resolve to an address (${code})`);
  return error;
};

/**
 * `npm start`: one port for the API and the web app. Any start-up failure (configuration,
 * DATA_DIR, secret file, store, port) is one line on stderr naming the cause and the path, and
 * exit code 1.
 */
const main = async () => {
  const config = loadConfig();
  // Test-only: a clock the e2e suite can move forward (STICKWORK_TEST_CLOCK=1, never in production).
  const testClock = testClockEnabled() ? createTestClock(systemClock) : undefined;
  const backend = await createBackend(config, testClock ? { clock: testClock.clock } : {});
  const server = createServer(backend, testClock ? { testClock } : {}).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve).once('error', reject);
  }).catch(async (error: unknown) => {
    await backend.close().catch(() => undefined);
    throw listenFailure(error, config.host);
  });
  backend.projections.start();
  // The address the socket is bound to (HOST, and the port PORT=0 picked), not what was asked for.
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  backend.logger.info(
    { host: address, port, store: backend.store.kind },
    `Stickwork is running at ${origin}`,
  );
  const shutdown = () => {
    server.close(() => void backend.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
};

main().catch((error: unknown) => {
  console.error(describeStartupFailure(error));
  process.exit(1);
});
