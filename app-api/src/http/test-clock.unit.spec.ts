import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestClock, resetTestClockFile, testClockEnabled, testClockFile } from './test-clock.js';

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

  it('kept in a file, a move made by one process is read by every other at once, until reset', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-test-clock-'));
    try {
      const base = new Date('2026-03-01T10:00:00Z');
      const file = testClockFile(dataDir);
      const [worker1, worker2] = [createTestClock(() => base, file), createTestClock(() => base, file)];
      worker1.advanceDays(2);
      expect(worker2.clock().toISOString()).toBe('2026-03-03T10:00:00.000Z');
      worker2.advanceDays(1);
      expect(worker1.offsetDays()).toBe(3);
      worker1.reset();
      expect(worker2.clock()).toEqual(base);
      worker2.advanceDays(5);
      resetTestClockFile(file);
      expect(createTestClock(() => base, file).clock()).toEqual(base);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
