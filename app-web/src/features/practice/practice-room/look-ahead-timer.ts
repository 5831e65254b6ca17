/** Calls `tick` every `intervalMs` while running. */
export interface LookAheadTimer {
  start(intervalMs: number): void;
  stop(): void;
  /** Stops for good (terminates the Worker). */
  dispose(): void;
}

/**
 * The timer in a Worker (see look-ahead.worker.ts), created as soon as the card opens so the script is
 * loaded while the network is up; where there is no Worker (tests), the main thread's setInterval.
 */
export const createLookAheadTimer = (tick: () => void): LookAheadTimer => {
  if (typeof Worker === 'undefined') return intervalTimer(tick);
  const worker = new Worker(new URL('./look-ahead.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = () => tick();
  return {
    start: (intervalMs) => worker.postMessage({ intervalMs }),
    stop: () => worker.postMessage('stop'),
    dispose: () => worker.terminate(),
  };
};

const intervalTimer = (tick: () => void): LookAheadTimer => {
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  return {
    start: (intervalMs) => {
      stop();
      timer = setInterval(tick, intervalMs);
    },
    stop,
    dispose: stop,
  };
};
