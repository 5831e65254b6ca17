import { dayKeyInZone } from '../progress/day-keys.js';
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

const zoneValidity = new Map<string, boolean>();

const isTimeZone = (timeZone: string): boolean => {
  let valid = zoneValidity.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    zoneValidity.set(timeZone, valid);
  }
  return valid;
};

/** The customer's IANA time zone from the `time-zone` header; a missing or invalid zone is UTC. */
export const resolveTimeZone = (timeZone: string | undefined | null): string =>
  timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';

/** The calendar day ('YYYY-MM-DD') of `now` in the customer's time zone: the daily limit's boundary. */
export const customerDay = (now: Date, timeZone: string | undefined | null): string =>
  dayKeyInZone(now, resolveTimeZone(timeZone));
