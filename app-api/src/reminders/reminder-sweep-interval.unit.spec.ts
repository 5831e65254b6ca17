import { describe, expect, it } from 'vitest';
import { REMINDER_SWEEP_MS, reminderSweepMs } from './practice-reminders.js';

describe('the reminder sweep interval', () => {
  it('is a minute unless a test with the test clock on asks for a shorter one', () => {
    expect(reminderSweepMs({})).toBe(REMINDER_SWEEP_MS);
    expect(reminderSweepMs({ STICKWORK_TEST_REMINDER_SWEEP_MS: '250' })).toBe(REMINDER_SWEEP_MS);
    expect(reminderSweepMs({ STICKWORK_TEST_CLOCK: '1', STICKWORK_TEST_REMINDER_SWEEP_MS: '250' })).toBe(250);
    expect(
      reminderSweepMs({
        STICKWORK_TEST_CLOCK: '1',
        STICKWORK_TEST_REMINDER_SWEEP_MS: '250',
        NODE_ENV: 'production',
      }),
    ).toBe(REMINDER_SWEEP_MS);
    for (const bad of ['0', '99', '60001', '1e3', '-5', '250ms', ''])
      expect(reminderSweepMs({ STICKWORK_TEST_CLOCK: '1', STICKWORK_TEST_REMINDER_SWEEP_MS: bad }), bad).toBe(
        REMINDER_SWEEP_MS,
      );
  });
});
