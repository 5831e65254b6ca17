import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { dayKeyInZone, shiftDayKey } from '@stickwork/domain';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Room for the journey's own running time on top of the minutes it moves the server's clock. */
const MARGIN_MS = 20 * MINUTE_MS;

/** The UTC day `daysAgo` days before `now`, as the API and the calendar key it (YYYY-MM-DD). */
export const dayKeyOf = (now: number, daysAgo = 0): string => shiftDayKey(dayKeyInZone(now, 'UTC'), -daysAgo);

/**
 * The day of a journey that practises by the server's clock (`POST /api/test/clock`, moved
 * `minutes` on) and then reads "today" (streak, calendar, weekly goal). Near midnight UTC those
 * minutes would land the practice on tomorrow while the browser and the journey still count
 * today (the CI run of 2026-11-28, 23:xx UTC, read a streak of 1 for 15). So where fewer than
 * `minutes` (and a margin) are left of today, the server's clock moves to just after midnight and
 * the browser's `Date` is fixed at that moment; every day the journey counts is from the answer.
 * `STICKWORK_E2E_NEAR_MIDNIGHT=1` takes that path at any hour (to try it by day).
 * The journey puts the server's clock back after it (`DELETE /api/test/clock`), as before.
 */
export const startJourneyDay = async (
  request: APIRequestContext,
  context: BrowserContext,
  minutes: number,
): Promise<number> => {
  const now = Date.now();
  const leftOfToday = DAY_MS - (now % DAY_MS);
  const forced = process.env.STICKWORK_E2E_NEAR_MIDNIGHT === '1';
  if (!forced && leftOfToday > minutes * MINUTE_MS + MARGIN_MS) return now;
  const moved = await request.post('/api/test/clock', {
    data: { advanceMinutes: Math.ceil(leftOfToday / MINUTE_MS) + 1 },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const serverNow = Date.parse(((await moved.json()) as { now: string }).now);
  await context.clock.setFixedTime(serverNow);
  return serverNow;
};

/**
 * Puts the server's clock back on the system time (`DELETE /api/test/clock`, idempotent), as every
 * journey that moves it does after itself. Playwright's request context keeps connections alive
 * and, unlike a browser, does not resend an idempotent request when the server closed the idle
 * socket it reused just as the request went out ("socket hang up", ECONNRESET: seen once in CI
 * after a long journey). So that one race gets one more try on a new connection; any answer but
 * 200 still fails the journey.
 */
export const putServerClockBack = async (request: APIRequestContext): Promise<void> => {
  const reset = () => request.delete('/api/test/clock');
  const answer = await reset().catch((error: unknown) => {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return reset();
  });
  expect(answer.status(), await answer.text()).toBe(200);
};
