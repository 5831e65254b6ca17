import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimitCounters } from '../../auth/rate-limit-counters.js';

export interface RateLimitCountersUnderTest {
  counters: RateLimitCounters;
  /** Another handle on the same storage (a second connection, as a second process or host has). */
  second: RateLimitCounters;
  cleanup?: () => Promise<void>;
}

/**
 * The behaviour every RateLimitCounters adapter shares (SQLite, PostgreSQL): run it from the
 * adapter's own spec with a factory that opens fresh, empty storage for each test, both handles on
 * the clock it is given.
 */
export const describeRateLimitCountersContract = (
  name: string,
  makeCounters: (now: () => number) => Promise<RateLimitCountersUnderTest>,
): void => {
  describe(`RateLimitCounters contract: ${name}`, () => {
    let opened: RateLimitCountersUnderTest | undefined;
    let now = 1_000_000;
    const open = async (at: number) => {
      now = at;
      return (opened = await makeCounters(() => now));
    };
    afterEach(async () => {
      await opened?.cleanup?.();
      opened = undefined;
    });

    it('counts hits together across handles within one window, and starts a new window after it', async () => {
      const { counters: one, second: two } = await open(1_000_000);
      expect(await one.hit('k', 60_000)).toEqual({ hits: 1, resetAt: 1_060_000 });
      expect(await two.hit('k', 60_000)).toEqual({ hits: 2, resetAt: 1_060_000 });
      await two.undo('k');
      expect(await one.get('k')).toEqual({ hits: 1, resetAt: 1_060_000 });
      now = 1_060_000;
      expect(await one.get('k')).toBeNull();
      expect(await two.hit('k', 60_000)).toEqual({ hits: 1, resetAt: 1_120_000 });
    });

    it('counts every one of many concurrent hits exactly once', async () => {
      const { counters, second } = await open(2_000_000);
      const hits = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? counters : second).hit('busy', 60_000)),
      );
      expect(hits.map((counter) => counter.hits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      expect(await counters.get('busy')).toEqual({ hits: 40, resetAt: 2_060_000 });
    });

    it('marks, resets and forgets by key fragment', async () => {
      const { counters, second } = await open(5_000);
      await counters.mark('login-known:email:abc:ip:1', 9_000);
      await counters.hit('mail:email:abc', 1_000);
      await counters.hit('mail:email:def', 1_000);
      expect(await second.get('login-known:email:abc:ip:1')).toEqual({ hits: 1, resetAt: 9_000 });
      await second.forgetKeysContaining('email:abc');
      expect(await counters.get('login-known:email:abc:ip:1')).toBeNull();
      expect(await counters.get('mail:email:abc')).toBeNull();
      expect(await counters.get('mail:email:def')).toEqual({ hits: 1, resetAt: 6_000 });
      await counters.reset('mail:email:def');
      expect(await second.get('mail:email:def')).toBeNull();
    });

    it("fences an erased customer's own keys on every handle: dropped, and a later hit is never stored", async () => {
      const { counters, second } = await open(5_000);
      await counters.hit('practice-write:customer:ann', 60_000);
      await counters.hit('export:customer:ann', 60_000);
      await counters.hit('practice-write:customer:annabel', 60_000);
      await counters.hit('login:email:ann', 60_000);
      await second.fenceCustomerKeys('ann');
      expect(await counters.get('practice-write:customer:ann')).toBeNull();
      expect(await counters.get('export:customer:ann')).toBeNull();
      // A hit after the fence, from either handle, is answered as a first one and stored nowhere.
      expect(await counters.hit('practice-write:customer:ann', 60_000)).toEqual({ hits: 1, resetAt: 65_000 });
      expect(await second.hit('practice-write:customer:ann', 60_000)).toEqual({ hits: 1, resetAt: 65_000 });
      expect(await second.get('practice-write:customer:ann')).toBeNull();
      // Other customers' and other kinds of keys count on.
      expect(await second.get('practice-write:customer:annabel')).toEqual({ hits: 1, resetAt: 65_000 });
      expect(await second.get('login:email:ann')).toEqual({ hits: 1, resetAt: 65_000 });
      await second.fenceCustomerKeys('ann');
    });

    it("holds the fence against the customer's hits in flight on every handle: no row of theirs survives it", async () => {
      const { counters, second } = await open(7_000);
      // Rounds of hits from both handles with the fence sent into the middle of them: a hit that
      // began before the fence and committed after it must not leave its row behind.
      for (let round = 0; round < 20; round += 1) {
        const key = `practice-write:customer:racer-${round}`;
        const hits = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? counters : second).hit(key, 60_000));
        const fence = second.fenceCustomerKeys(`racer-${round}`);
        const more = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? second : counters).hit(key, 60_000));
        await Promise.all([...hits, fence, ...more]);
        expect(await counters.get(key), `round ${round}`).toBeNull();
      }
    });

    it('a mark replaces what the key held; undo never goes below zero', async () => {
      const { counters } = await open(10_000);
      await counters.hit('k', 1_000);
      await counters.hit('k', 1_000);
      await counters.mark('k', 50_000);
      expect(await counters.get('k')).toEqual({ hits: 1, resetAt: 50_000 });
      await counters.undo('k');
      await counters.undo('k');
      expect(await counters.get('k')).toEqual({ hits: 0, resetAt: 50_000 });
      await counters.undo('never');
      expect(await counters.get('never')).toBeNull();
    });
  });
};
