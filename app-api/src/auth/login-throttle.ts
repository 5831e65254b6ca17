import { emailKey, ipKey } from './rate-limits.js';
import type { RateLimitCounters } from './rate-limit-counters.js';

/**
 * The login rule (README "Accounts and mail"): brute force is slowed without
 * handing an attacker a way to lock the real owner out.
 *
 * - Per address and email: 5 failed logins in 15 minutes stop that address from trying that email
 *   for the rest of the 15 minutes. An attacker's address is stopped; the owner's is not.
 * - Per email, from all addresses: from the 5th failure in 15 minutes on, each failure makes the
 *   email wait before the next attempt is checked: 1 s, 2 s, 4 s, ... at most 60 s. That caps a
 *   distributed guesser at about one guess a minute per account, and the wait is short.
 * - The wait never applies to an address that logged into that account in the last 30 days (the
 *   owner's usual devices): the attacker's failures cannot lock them out at all.
 * - The per-address limit of the route (10 attempts a minute) stays in front of all this.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  failuresPerAddressAndEmail: 5,
  failuresBeforeDelay: 5,
  firstDelayMs: 1000,
  maxDelayMs: 60 * 1000,
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export type LoginAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const createLoginThrottle = (counters: RateLimitCounters, now: () => number = Date.now) => {
  const keys = (email: string, ip: string | undefined) => {
    const account = emailKey(email);
    const address = ipKey(ip);
    return {
      pair: `login-failures:${account}:${address}`,
      failures: `login-failures:${account}`,
      wait: `login-wait:${account}`,
      known: `login-known:${account}:${address}`,
    };
  };
  const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now()) / 1000));

  return {
    /** Whether this attempt may have its password checked at all. */
    async admit(email: string, ip: string | undefined): Promise<LoginAdmission> {
      const key = keys(email, ip);
      const pair = await counters.get(key.pair);
      if (pair && pair.hits >= LOGIN_THROTTLE.failuresPerAddressAndEmail)
        return { allowed: false, retryAfterSeconds: secondsUntil(pair.resetAt) };
      if (await counters.get(key.known)) return { allowed: true };
      const wait = await counters.get(key.wait);
      if (wait) return { allowed: false, retryAfterSeconds: secondsUntil(wait.resetAt) };
      return { allowed: true };
    },

    async failed(email: string, ip: string | undefined): Promise<void> {
      const key = keys(email, ip);
      await counters.hit(key.pair, LOGIN_THROTTLE.windowMs);
      const { hits } = await counters.hit(key.failures, LOGIN_THROTTLE.windowMs);
      const beyond = hits - LOGIN_THROTTLE.failuresBeforeDelay;
      if (beyond >= 0) {
        const delay = Math.min(LOGIN_THROTTLE.firstDelayMs * 2 ** beyond, LOGIN_THROTTLE.maxDelayMs);
        await counters.mark(key.wait, now() + delay);
      }
    },

    async succeeded(email: string, ip: string | undefined): Promise<void> {
      const key = keys(email, ip);
      await counters.reset(key.pair);
      await counters.mark(key.known, now() + LOGIN_THROTTLE.knownAddressMs);
    },
  };
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
