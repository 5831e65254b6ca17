/**
 * Test-only crash points. `STICKWORK_FAULT=<point>` makes the process kill itself with SIGKILL (a
 * crash: no handler, no flush) when it reaches that point, so a test can prove what the recorded
 * state recovers. Never set it outside tests; it is ignored when `NODE_ENV` is `production`.
 */
export type FaultPoint = 'after-credit-taken';

export const crashIfInjected = (point: FaultPoint): void => {
  if (process.env.STICKWORK_FAULT === point && process.env.NODE_ENV !== 'production')
    process.kill(process.pid, 'SIGKILL');
};
