import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { DRAIN_MS, originOf } from '../serve.js';
import { isWorkerMessage } from './worker-messages.js';

/** Workers in a row that die before they listen: the primary gives up (exit 1) rather than fork-loop. */
export const START_FAILURES_BEFORE_GIVING_UP = 5;
/** The wait before forking again after a failed start, doubled for each failure in a row. */
const FIRST_RETRY_MS = 250;
/** Workers that have not stopped this long after SIGTERM are killed, and the primary exits 1. */
const HARD_STOP_MS = DRAIN_MS + 10_000;

/**
 * The cluster primary: forks `WEB_CONCURRENCY` workers that share the port (each a full server,
 * cluster/run-worker.ts) and serves nothing itself.
 * - The first worker starts alone: if it cannot (DATA_DIR, a secret file, the store, the port), the
 *   primary prints its one line and exits 1, as the single process does. The others start once it
 *   listens, so they find DATA_DIR, secrets and migrations ready.
 * - A worker that dies while serving is replaced at once (logged). One that dies before it listens is
 *   forked again after 0.25 s, 0.5 s, 1 s, ...; after 5 such failures in a row the primary stops the
 *   others and exits 1 with the last one's line.
 * - SIGTERM or SIGINT is forwarded to every worker (each drains its in-flight requests); the primary
 *   exits 0 once all are gone, or kills what is left and exits 1 after 20 s.
 */
export const superviseWorkers = (config: Config, logger: Logger): void => {
  const count = config.webConcurrency;
  const live = new Set<Worker>();
  const listening = new Set<Worker>();
  const startFailureLines = new Map<Worker, string>();
  let running = false;
  let everyWorkerServed = false;
  let failedStartsInARow = 0;
  let stopping = false;
  let exitCode = 0;
  let retry: NodeJS.Timeout | undefined;

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.on('message', (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      if (message.type === 'stickwork:startup-failed') {
        startFailureLines.set(worker, message.line);
        return;
      }
      listening.add(worker);
      failedStartsInARow = 0;
      if (!running) {
        running = true;
        const { host, port, store } = message;
        logger.info({ host, port, store, workers: count }, `Stickwork is running at ${originOf(host, port)}`);
        for (let i = 1; i < count; i++) fork();
      }
      if (!everyWorkerServed && listening.size === count) {
        everyWorkerServed = true;
        logger.info({ workers: count }, 'every worker process is serving');
      }
    });
  };

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    clearTimeout(retry);
    if (live.size === 0) process.exit(exitCode);
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
      logger.error({ workers: live.size }, 'worker processes did not stop in time: killed');
      process.exit(1);
    }, HARD_STOP_MS).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    const wasListening = listening.delete(worker);
    const died = signal ? `killed by ${signal}` : `exit code ${code}`;
    const startFailure =
      startFailureLines.get(worker) ??
      `Stickwork could not start: a worker process ended (${died}) before it was listening`;
    startFailureLines.delete(worker);
    if (stopping) {
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    if (!running) {
      // The first worker could not start, so the server cannot: one line, exit 1.
      console.error(startFailure);
      process.exit(1);
    }
    if (wasListening) {
      logger.warn({ workerPid: worker.process.pid, died }, 'a worker process died; starting another');
      fork();
      return;
    }
    failedStartsInARow += 1;
    if (failedStartsInARow >= START_FAILURES_BEFORE_GIVING_UP) {
      console.error(startFailure);
      exitCode = 1;
      stopAll();
      return;
    }
    const retryInMs = FIRST_RETRY_MS * 2 ** (failedStartsInARow - 1);
    logger.warn({ cause: startFailure, retryInMs }, 'a worker process could not start; trying again');
    retry = setTimeout(fork, retryInMs);
  });

  process.on('SIGTERM', stopAll);
  process.on('SIGINT', stopAll);
  fork();
};
