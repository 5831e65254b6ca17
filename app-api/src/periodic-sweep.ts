import type { Logger } from 'pino';

/**
 * Runs `sweep` every `everyMs`, one run at a time (a tick that finds the last run still going is
 * skipped), without keeping the process alive. A failed run is logged as `<name> failed` and the next
 * tick tries again. Answers how to stop it. The background duties start the sweeps, one process at a
 * time (the `sweeps` lease, background-duties.ts).
 */
export const startPeriodicSweep = (
  name: string,
  everyMs: number,
  sweep: () => Promise<unknown>,
  logger: Pick<Logger, 'warn'>,
): (() => void) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      .catch((error: unknown) => logger.warn({ err: error }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
