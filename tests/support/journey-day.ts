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
