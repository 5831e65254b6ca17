/**
 * The rate-limit port: fixed-window hit counters and "blocked until" marks, keyed by strings that
 * never hold an address or email in clear (callers pass digests). The embedded adapter keeps them in
 * a small table of the local SQLite file, so every server process on the host shares them and a
 * restart keeps them; the in-memory adapter is for stores without a local file (tests, what-if runs).
 */
export interface RateLimitCounter {
  hits: number;
  /** Epoch ms when the window (or the block) ends. */
  resetAt: number;
}

export interface RateLimitCounters {
  /** Counts a hit in the key's window (a new window of `windowMs` when none runs). */
  hit(key: string, windowMs: number): RateLimitCounter;
  /** Takes back one hit (a request that turned out not to count). */
  undo(key: string): void;
  /** The key's running window or block, or null. */
  get(key: string): RateLimitCounter | null;
  /** Marks the key until `until` (epoch ms), replacing what it held. */
  mark(key: string, until: number): void;
  reset(key: string): void;
  /** Erasure: drops every counter whose key contains `fragment` (an email's digest). */
  forgetKeysContaining(fragment: string): void;
}

/** The in-memory adapter: one process, lost on restart (documented; the SQLite one is the default). */
export const createInMemoryRateLimitCounters = (now: () => number = Date.now): RateLimitCounters => {
  const counters = new Map<string, RateLimitCounter>();
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
    hit(key, windowMs) {
      const counter = live(key) ?? { hits: 0, resetAt: now() + windowMs };
      const next = { hits: counter.hits + 1, resetAt: counter.resetAt };
      counters.set(key, next);
      return next;
    },
    undo(key) {
      const counter = live(key);
      if (counter) counters.set(key, { ...counter, hits: Math.max(0, counter.hits - 1) });
    },
    get: (key) => live(key),
    mark(key, until) {
      counters.set(key, { hits: 1, resetAt: until });
    },
    reset(key) {
      counters.delete(key);
    },
    forgetKeysContaining(fragment) {
      for (const key of [...counters.keys()]) if (key.includes(fragment)) counters.delete(key);
    },
  };
};
