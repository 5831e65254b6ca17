import { describe, expect, it } from 'vitest';
import { createInMemoryRateLimitCounters } from './rate-limit-counters.js';
import { createLoginThrottle, LOGIN_THROTTLE } from './login-throttle.js';

const setup = () => {
  let now = Date.parse('2026-11-23T10:00:00Z');
  const clock = () => now;
  const throttle = createLoginThrottle(createInMemoryRateLimitCounters(clock), clock);
  return { throttle, advance: (ms: number) => void (now += ms) };
};
const EMAIL = 'ringo@example.com';

describe('the login rule', async () => {
  it('lets the first failures through, then makes the account wait 1, 2, 4 ... at most 60 seconds', async () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < LOGIN_THROTTLE.failuresBeforeDelay - 1; i++) {
      expect(await throttle.admit(EMAIL, `10.0.0.${i}`)).toEqual({ allowed: true });
      await throttle.failed(EMAIL, `10.0.0.${i}`);
    }
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const address = `10.0.1.${i}`;
      expect(await throttle.admit(EMAIL, address)).toEqual({ allowed: true });
      await throttle.failed(EMAIL, address);
      const refused = await throttle.admit(EMAIL, `10.0.2.${i}`);
      expect(refused.allowed).toBe(false);
      const seconds = refused.allowed ? 0 : refused.retryAfterSeconds;
      waits.push(seconds);
      advance(seconds * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('never makes an address that logged in during the last 30 days wait', async () => {
    const { throttle, advance } = setup();
    await throttle.succeeded(EMAIL, '192.0.2.1');
    for (let i = 0; i < 20; i++) await throttle.failed(EMAIL, `10.0.0.${i}`);
    expect((await throttle.admit(EMAIL, '10.9.9.9')).allowed).toBe(false);
    expect(await throttle.admit(EMAIL, '192.0.2.1')).toEqual({ allowed: true });
    // Thirty days on, the address is no longer known: new failures make it wait like any other.
    advance(LOGIN_THROTTLE.knownAddressMs + 1);
    for (let i = 0; i < 20; i++) await throttle.failed(EMAIL, `10.0.1.${i}`);
    expect((await throttle.admit(EMAIL, '192.0.2.1')).allowed).toBe(false);
  });

  it('stops one address after 5 failures at one account for 15 minutes, other accounts unaffected', async () => {
    const { throttle, advance } = setup();
    await throttle.succeeded(EMAIL, '10.0.0.1'); // known, so only the per-address rule applies
    for (let i = 0; i < LOGIN_THROTTLE.failuresPerAddressAndEmail; i++)
      await throttle.failed(EMAIL, '10.0.0.1');
    const refused = await throttle.admit(EMAIL, '10.0.0.1');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect(await throttle.admit('george@example.com', '10.0.0.1')).toEqual({ allowed: true });
    advance(LOGIN_THROTTLE.windowMs);
    expect(await throttle.admit(EMAIL, '10.0.0.1')).toEqual({ allowed: true });
  });

  it('a successful login clears that address its failures', async () => {
    const { throttle } = setup();
    for (let i = 0; i < LOGIN_THROTTLE.failuresPerAddressAndEmail - 1; i++)
      await throttle.failed(EMAIL, '10.0.0.1');
    await throttle.succeeded(EMAIL, '10.0.0.1');
    await throttle.failed(EMAIL, '10.0.0.1');
    expect(await throttle.admit(EMAIL, '10.0.0.1')).toEqual({ allowed: true });
  });
});
