/**
 * Ctrl-C for long commands (seed, projections rebuild, history --follow): the first SIGINT asks
 * the command to stop at its next consistent point (it then says what was written and exits 130);
 * a second one ends the process at once.
 */
export const INTERRUPTED_EXIT_CODE = 130;

export interface Interruption {
  signal: AbortSignal;
  /** Stops listening for SIGINT (the command finished). */
  dispose(): void;
}

export const onInterrupt = (): Interruption => {
  const controller = new AbortController();
  const handler = () => {
    if (controller.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE);
    controller.abort();
    process.exitCode = INTERRUPTED_EXIT_CODE;
  };
  process.on('SIGINT', handler);
  return { signal: controller.signal, dispose: () => void process.off('SIGINT', handler) };
};

/**
 * Lets signals and timers run: the SQLite store answers synchronously, so a loop of awaited
 * commands would otherwise never give Node a turn to deliver SIGINT.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
