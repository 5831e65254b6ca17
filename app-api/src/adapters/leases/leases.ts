/**
 * Time-limited exclusive roles ("leases"): exactly one process at a time runs a background duty (the
 * projection runner, the sweeps); the holder renews well before its lease runs out, and a holder that dies
 * simply stops renewing, so another process takes over once the lease has expired.
 */
export interface Leases {
  /** Takes `name` for `holder` (or renews it when `holder` holds it) until now + ttlMs; true when `holder` holds it now. Held by someone else and not expired: false. */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Lets go of `name` when `holder` holds it (clean shutdown: the next holder takes over at once). */
  release(name: string, holder: string): Promise<void>;
}

/** A lease's duration must be a positive whole number of milliseconds: anything else is a programming error. */
export const assertLeaseTtl = (ttlMs: number): void => {
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0)
    throw new RangeError(`a lease's ttlMs must be a positive whole number, got ${ttlMs}`);
};

/** Leases within one process (unit tests, a read-only opening that runs no duties). */
export const createInMemoryLeases = (now: () => number = Date.now): Leases => {
  const held = new Map<string, { holder: string; expiresAt: number }>();
  return {
    async acquire(name, holder, ttlMs) {
      assertLeaseTtl(ttlMs);
      const at = now();
      const current = held.get(name);
      if (current && current.holder !== holder && current.expiresAt > at) return false;
      held.set(name, { holder, expiresAt: at + ttlMs });
      return true;
    },
    async release(name, holder) {
      if (held.get(name)?.holder === holder) held.delete(name);
    },
  };
};
