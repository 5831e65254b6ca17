import { describe, expect, it } from 'vitest';
import { createTestClock, testClockEnabled } from './test-clock.js';

describe('the test-only clock', () => {
  it('is on only with STICKWORK_TEST_CLOCK=1, and never in production', () => {
    expect(testClockEnabled({ STICKWORK_TEST_CLOCK: '1' })).toBe(true);
    expect(testClockEnabled({})).toBe(false);
    expect(testClockEnabled({ STICKWORK_TEST_CLOCK: '1', NODE_ENV: 'production' })).toBe(false);
  });

  it('starts on the system time, moves whole days forward and resets to it', () => {
    const base = new Date('2026-03-01T10:00:00Z');
    const testClock = createTestClock(() => base);
    expect(testClock.clock()).toEqual(base);
    testClock.advanceDays(4);
    expect(testClock.clock().toISOString()).toBe('2026-03-05T10:00:00.000Z');
    expect(testClock.offsetDays()).toBe(4);
    testClock.reset();
    expect(testClock.clock()).toEqual(base);
  });
});
