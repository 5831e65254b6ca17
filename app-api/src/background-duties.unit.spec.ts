import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createInMemoryLeases, type Leases } from './adapters/leases/leases.js';
import { DUTY_LEASE_RENEW_MS, DUTY_LEASE_TTL_MS, startBackgroundDuties } from './background-duties.js';

/** A serving process as far as its duties go: whether it runs the projection runner now. */
const aProcess = (leases: Leases) => {
  const runner = { running: false };
  const backend = {
    hostLeases: leases,
    leases,
    logger: pino({ level: 'silent' }),
    projections: {
      start: () => void (runner.running = true),
      stop: async () => void (runner.running = false),
    },
  } as unknown as Parameters<typeof startBackgroundDuties>[0];
  return { backend, runner };
};

describe('background duties under a lease', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('run in one process of two; a clean stop hands them to the other at its next renewal', async () => {
    const leases = createInMemoryLeases();
    const [first, second] = [aProcess(leases), aProcess(leases)];
    const firstDuties = await startBackgroundDuties(first.backend);
    const secondDuties = await startBackgroundDuties(second.backend);
    expect([first.runner.running, second.runner.running]).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(DUTY_LEASE_TTL_MS * 3);
    expect([first.runner.running, second.runner.running]).toEqual([true, false]);

    await firstDuties.stop();
    expect(first.runner.running).toBe(false);
    await vi.advanceTimersByTimeAsync(DUTY_LEASE_RENEW_MS);
    expect(second.runner.running).toBe(true);
    await secondDuties.stop();
  });

  it('are taken over once a holder that stopped renewing (killed) has let its term run out', async () => {
    const leases = createInMemoryLeases();
    await leases.acquire('projections', 'a killed worker', DUTY_LEASE_TTL_MS);
    await leases.acquire('sweeps', 'a killed worker', DUTY_LEASE_TTL_MS);
    const survivor = aProcess(leases);
    const duties = await startBackgroundDuties(survivor.backend);
    expect(survivor.runner.running).toBe(false);
    await vi.advanceTimersByTimeAsync(DUTY_LEASE_TTL_MS + DUTY_LEASE_RENEW_MS);
    expect(survivor.runner.running).toBe(true);
    expect(await leases.acquire('sweeps', 'someone else', DUTY_LEASE_TTL_MS)).toBe(false);
    await duties.stop();
  });

  it('stop when their lease cannot be renewed, and start again when it can', async () => {
    const shared = createInMemoryLeases();
    let storeAway = false;
    const flaky: Leases = {
      acquire: (name, holder, ttlMs) =>
        storeAway ? Promise.reject(new Error('store away')) : shared.acquire(name, holder, ttlMs),
      release: (name, holder) => shared.release(name, holder),
    };
    const only = aProcess(flaky);
    const duties = await startBackgroundDuties(only.backend);
    expect(only.runner.running).toBe(true);
    storeAway = true;
    await vi.advanceTimersByTimeAsync(DUTY_LEASE_RENEW_MS);
    expect(only.runner.running).toBe(false);
    storeAway = false;
    await vi.advanceTimersByTimeAsync(DUTY_LEASE_RENEW_MS);
    expect(only.runner.running).toBe(true);
    await duties.stop();
  });
});
