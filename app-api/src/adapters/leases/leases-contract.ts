import { afterEach, describe, expect, it } from 'vitest';
import type { Leases } from './leases.js';

export interface LeasesUnderTest {
  leases: Leases;
  /** Another handle on the same storage (a second connection, as a second process has). */
  second: Leases;
  /** Runs after each test (close connections, remove temp files). */
  cleanup?: () => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Long enough never to run out during a test. */
const LONG = 60_000;
/** Short enough to have run out after `pause(EXPIRED_AFTER)`. */
const SHORT = 20;
const EXPIRED_AFTER = 80;

/**
 * The behaviour every Leases adapter shares (SQLite here, PostgreSQL beside it): run it from the adapter's
 * own spec with a factory that opens fresh, empty storage for each test.
 */
export const describeLeasesContract = (name: string, makeLeases: () => Promise<LeasesUnderTest>): void => {
  describe(`Leases contract: ${name}`, () => {
    let opened: LeasesUnderTest | undefined;
    const open = async () => (opened = await makeLeases());
    afterEach(async () => {
      await opened?.cleanup?.();
      opened = undefined;
    });

    it('gives a free lease to the first holder, renews it for that holder and refuses it to others', async () => {
      const { leases, second } = await open();
      expect(await leases.acquire('projections', 'worker-a', LONG)).toBe(true);
      expect(await leases.acquire('projections', 'worker-a', LONG)).toBe(true);
      expect(await second.acquire('projections', 'worker-b', LONG)).toBe(false);
      expect(await leases.acquire('projections', 'worker-b', LONG)).toBe(false);
    });

    it('keeps leases of different names apart', async () => {
      const { leases, second } = await open();
      expect(await leases.acquire('projections', 'worker-a', LONG)).toBe(true);
      expect(await second.acquire('sweeps', 'worker-b', LONG)).toBe(true);
      expect(await second.acquire('projections', 'worker-b', LONG)).toBe(false);
      expect(await leases.acquire('sweeps', 'worker-a', LONG)).toBe(false);
    });

    it('lets another holder take a lease its holder stopped renewing, and the old holder then lost it', async () => {
      const { leases, second } = await open();
      expect(await leases.acquire('sweeps', 'worker-a', SHORT)).toBe(true);
      await pause(EXPIRED_AFTER);
      expect(await second.acquire('sweeps', 'worker-b', LONG)).toBe(true);
      expect(await leases.acquire('sweeps', 'worker-a', LONG)).toBe(false);
    });

    it('renewing pushes the expiry out: a renewed lease is still held after the first term', async () => {
      const { leases, second } = await open();
      expect(await leases.acquire('sweeps', 'worker-a', SHORT)).toBe(true);
      expect(await leases.acquire('sweeps', 'worker-a', LONG)).toBe(true);
      await pause(EXPIRED_AFTER);
      expect(await second.acquire('sweeps', 'worker-b', LONG)).toBe(false);
    });

    it('hands a released lease to the next holder at once', async () => {
      const { leases, second } = await open();
      expect(await leases.acquire('projections', 'worker-a', LONG)).toBe(true);
      await leases.release('projections', 'worker-a');
      expect(await second.acquire('projections', 'worker-b', LONG)).toBe(true);
    });

    it('ignores a release by someone who does not hold the lease', async () => {
      const { leases, second } = await open();
      expect(await leases.acquire('projections', 'worker-a', LONG)).toBe(true);
      await second.release('projections', 'worker-b');
      await second.release('never-taken', 'worker-b');
      expect(await second.acquire('projections', 'worker-b', LONG)).toBe(false);
      expect(await leases.acquire('projections', 'worker-a', LONG)).toBe(true);
    });

    it('gives a contested free lease to exactly one of many contenders', async () => {
      const { leases, second } = await open();
      const contenders = Array.from({ length: 20 }, (_, i) => ({
        handle: i % 2 === 0 ? leases : second,
        holder: `worker-${i}`,
      }));
      const won = await Promise.all(
        contenders.map(({ handle, holder }) => handle.acquire('sweeps', holder, LONG)),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
      const winner = contenders[won.indexOf(true)]!.holder;
      expect(await second.acquire('sweeps', winner, LONG)).toBe(true);
    });

    it('refuses a duration that is not a positive whole number of milliseconds', async () => {
      const { leases } = await open();
      for (const ttl of [0, -5, 1.5, Number.NaN])
        await expect(leases.acquire('sweeps', 'worker-a', ttl)).rejects.toThrow(/ttlMs/);
    });
  });
};
