import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { describeStartupFailure } from './startup-error.js';
import { resetTestClockFile, testClockEnabled, testClockFile } from './http/test-clock.js';
import { originOf, serve, stopOnSignals } from './serve.js';
import { runWorker } from './cluster/run-worker.js';
import { superviseWorkers } from './cluster/supervise-workers.js';

/**
 * `npm start`: one port for the API and the web app, served by WEB_CONCURRENCY processes (default: one
 * per core; 1 is a single process without cluster). Any start-up failure (configuration, DATA_DIR,
 * secret file, store, port) is one line on stderr naming the cause and the path, and exit code 1.
 */
const main = async () => {
  const config = loadConfig();
  if (cluster.isWorker) return runWorker(config);
  // A server (re)starting begins on the system time; its workers share the file (test-clock.ts).
  if (testClockEnabled()) resetTestClockFile(testClockFile(config.dataDir));
  if (config.webConcurrency > 1) return superviseWorkers(config, createLogger(config));
  const running = await serve(config);
  const { backend, host, port } = running;
  backend.logger.info(
    { host, port, store: backend.store.kind },
    `Stickwork is running at ${originOf(host, port)}`,
  );
  stopOnSignals(running.stop, (error) => backend.logger.error({ err: error }, 'could not stop cleanly'));
};

main().catch((error: unknown) => {
  console.error(describeStartupFailure(error));
  process.exit(1);
});
