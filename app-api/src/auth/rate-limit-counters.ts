import { createHash } from 'node:crypto';

/**
 * The rate-limit port: fixed-window hit counters and "blocked until" marks, keyed by strings that
 * never hold an address or email in clear (callers pass digests). The embedded adapter keeps them in
 * a small table of the local SQLite file, so every server process on the host shares them and a
 * restart keeps them; with DATABASE_URL they live in PostgreSQL and every host counts together
 * (docs/postgresql.md); the in-memory adapter is for stores without a local file (tests, what-if
 * runs). Asynchronous, since the counters may live in another process; a call that cannot reach
 * them rejects (the request answers 503), it never lets a request through uncounted.
 */
export interface RateLimitCounter {
  hits: number;
  /** Epoch ms when the window (or the block) ends. */
  resetAt: number;
}

export interface RateLimitCounters {
  /** Counts a hit in the key's window (a new window of `windowMs` when none runs). */
  hit(key: string, windowMs: number): Promise<RateLimitCounter>;
  /** Takes back one hit (a request that turned out not to count). */
  undo(key: string): Promise<void>;
  /** The key's running window or block, or null. */
  get(key: string): Promise<RateLimitCounter | null>;
  /** Marks the key until `until` (epoch ms), replacing what it held. */
  mark(key: string, until: number): Promise<void>;
  reset(key: string): Promise<void>;
  /** Erasure: drops every counter whose key contains `fragment` (an email's digest). */
  forgetKeysContaining(fragment: string): Promise<void>;
  /**
   * Erasure's fence for a customer's own limits (keys ending `customer:<id>`): drops them and, in the
   * same storage every process and host shares, records the customer (by a digest) so that no hit
   * stores such a key again; a fenced hit is answered as a first hit, never written.
   */
  fenceCustomerKeys(customerId: string): Promise<void>;
}

/** The part of a per-customer limit's key that names the customer (`<limit>:customer:<id>`). */
export const customerRateLimitKey = (customerId: string) => `customer:${customerId}`;

/** The fence digest a key falls under, or null for a key of no customer (an email's, an address's). */
export const fenceDigestOfKey = (key: string): string | null => {
  const match = /(?:^|:)customer:([^:]+)$/.exec(key);
  return match ? fenceDigestOf(match[1]!) : null;
};

/** What a fence records: the customer id's SHA-256, so the table names nobody. */
export const fenceDigestOf = (customerId: string): string =>
  createHash('sha256').update(customerRateLimitKey(customerId)).digest('hex');

/**
 * Stored adapters sweep expired rows now and then, not on every hit: the answer is true on every
 * 500th call of one adapter.
 */
export const sweepNowAndThen = (): (() => boolean) => {
  let hitsSinceSweep = 0;
  return () => {
    hitsSinceSweep = (hitsSinceSweep + 1) % 500;
    return hitsSinceSweep === 0;
  };
};

/** The in-memory adapter: one process, lost on restart (documented; the SQLite one is the default). */
export const createInMemoryRateLimitCounters = (now: () => number = Date.now): RateLimitCounters => {
  const counters = new Map<string, RateLimitCounter>();
  const fences = new Set<string>();
  const live = (key: string): RateLimitCounter | null => {
    const counter = counters.get(key);
    if (!counter) return null;
    if (counter.resetAt <= now()) {
      counters.delete(key);
      return null;
    }
    return counter;
  };
  return {
    async hit(key, windowMs) {
      const fence = fenceDigestOfKey(key);
      if (fence !== null && fences.has(fence)) return { hits: 1, resetAt: now() + windowMs };
      const counter = live(key) ?? { hits: 0, resetAt: now() + windowMs };
      const next = { hits: counter.hits + 1, resetAt: counter.resetAt };
      counters.set(key, next);
      return next;
    },
    async undo(key) {
      const counter = live(key);
      if (counter) counters.set(key, { ...counter, hits: Math.max(0, counter.hits - 1) });
    },
    get: async (key) => live(key),
    async mark(key, until) {
      counters.set(key, { hits: 1, resetAt: until });
    },
    async reset(key) {
      counters.delete(key);
    },
    async forgetKeysContaining(fragment) {
      for (const key of [...counters.keys()]) if (key.includes(fragment)) counters.delete(key);
    },
    async fenceCustomerKeys(customerId) {
      fences.add(fenceDigestOf(customerId));
      for (const key of [...counters.keys()])
        if (fenceDigestOfKey(key) === fenceDigestOf(customerId)) counters.delete(key);
    },
  };
};
