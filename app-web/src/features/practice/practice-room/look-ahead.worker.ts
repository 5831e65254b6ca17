/**
 * The practice room's look-ahead timer. A timer in a Worker keeps ticking when the page is busy or in a
 * background tab (where the main thread's timers are throttled); each tick asks the page to schedule
 * the sounds of the next few hundred milliseconds on the audio clock.
 */
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = (event: MessageEvent<{ intervalMs: number } | 'stop'>) => {
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
  if (event.data === 'stop') return;
  timer = setInterval(() => self.postMessage('tick'), event.data.intervalMs);
};
