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
