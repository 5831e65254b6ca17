import type { Config } from '../config.js';
import { describeStartupFailure } from '../startup-error.js';
import { DRAIN_MS, serve, type ServingProcess } from '../serve.js';
import type { WorkerMessage } from './worker-messages.js';

const tellPrimary = (message: WorkerMessage): Promise<void> =>
  new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });

/**
 * A cluster worker: serves like the single process, but tells the primary it is listening (the primary
 * logs the running line once) or why it could not start (the primary prints that one line). SIGTERM
 * (forwarded by the primary) or SIGINT drains it; so does losing its primary (killed), since nobody
 * would replace or stop it any more.
 */
export const runWorker = async (config: Config): Promise<void> => {
  let running: ServingProcess | undefined;
  let stopRequested = false;
  const stop = () => {
    if (stopRequested) return;
    stopRequested = true;
    if (!running) process.exit(0); // still starting: nothing in flight yet
    setTimeout(() => process.exit(0), DRAIN_MS + 5_000).unref();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        running?.backend.logger.error({ err: error }, 'worker could not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  try {
    running = await serve(config);
  } catch (error) {
    const line = describeStartupFailure(error);
    if (process.connected) await tellPrimary({ type: 'stickwork:startup-failed', line });
    else console.error(line);
    process.exit(1);
  }
  await tellPrimary({
    type: 'stickwork:listening',
    host: running.host,
    port: running.port,
    store: running.backend.store.kind,
  });
};
