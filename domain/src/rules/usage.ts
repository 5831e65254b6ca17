import { dayKeyInZone } from '../calendar/day-keys.js';
import { resolveTimeZone } from '../calendar/time-zone.js';
import { entitlementsFor, type SubscriptionStatus, type Tier } from './plans.js';

/** A subscription as the token carries it (`activeTier`, `subscription_status`). */
export interface Plan {
  tier: Tier;
  status: SubscriptionStatus;
}

/**
 * Non-warm-up lessons still allowed today, or null for unlimited (DESIGN.md "Plans").
 * Usage above the limit (it cannot happen through the deciders) still reads as 0 left.
 */
export const lessonsLeftToday = (plan: Plan, lessonsUsedToday: number): number | null => {
  const { dailyLessons } = entitlementsFor(plan.tier, plan.status);
  return dailyLessons === null ? null : Math.max(0, dailyLessons - lessonsUsedToday);
};

/**
 * product-spec §4 "Authorization": a freemium customer whose lesson usage today (`data_used`) is 3
 * or more is not authorised; any other logged-in customer is. A canceled subscription is freemium.
 */
export const isAuthorised = (plan: Plan, dataUsed: number): boolean => lessonsLeftToday(plan, dataUsed) !== 0;

/**
 * The calendar day ('YYYY-MM-DD') of `now` in the customer's time zone: the daily limit's boundary.
 * The zone is the `time-zone` header; anything missing or invalid is UTC.
 */
export const customerDay = (now: Date, timeZone: string | undefined | null): string =>
  dayKeyInZone(now, resolveTimeZone(timeZone));

const DAY_MS = 24 * 60 * 60 * 1000;

/** A practice event as the store hands it back: its type, data and the time it happened. */
interface TimedPracticeEvent {
  type: string;
  data: unknown;
  metadata: { time: string };
}

/**
 * What an explicit zone change does to the count of the customer's today, in lessons to add to the
 * lessons counted under today's day key (never below 0 in total): moving the day boundary never
 * buys a second free day, nor takes one away. On the new zone's day of the change, the lessons of
 * the 24 hours before it count, whatever day key the old zone gave them; on any day, a lesson
 * counted before the change under today's key (the old zone's day of the same name) does not count
 * for it. Lessons an operator reset no longer count. Zero without a change.
 */
export const zoneChangeUsageAdjustment = (
  events: readonly TimedPracticeEvent[],
  change: { changedAt: string | null; timeZone: string | null | undefined },
  now: Date,
): number => {
  if (change.changedAt === null) return 0;
  const changedAt = Date.parse(change.changedAt);
  const today = customerDay(now, change.timeZone);
  const changeDay = customerDay(new Date(changedAt), change.timeZone);
  const counted: { day: string; at: number }[] = [];
  for (const { type, data, metadata } of events) {
    const { day } = data as { day: string };
    if (type === 'UsageIncremented') counted.push({ day, at: Date.parse(metadata.time) });
    else if (type === 'UsageReset')
      for (let index = counted.length - 1; index >= 0; index--)
        if (counted[index]!.day === day) counted.splice(index, 1);
  }
  const before = counted.filter(({ at }) => at <= changedAt);
  const keyedToday = before.filter(({ day }) => day === today).length;
  const carried = today === changeDay ? before.filter(({ at }) => at > changedAt - DAY_MS).length : 0;
  return carried - keyedToday;
};
