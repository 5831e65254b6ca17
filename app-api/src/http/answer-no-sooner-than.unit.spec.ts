import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerNoSoonerThan } from './answer-no-sooner-than.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** When the answer settles, in fake milliseconds, for work that takes `workMs` and answers or fails. */
const settledAt = async (workMs: number, fails = false) => {
  const started = performance.now();
  let settled: number | undefined;
  const work = async () => {
    await new Promise((resolve) => setTimeout(resolve, workMs));
    if (fails) throw new Error('mail failed');
    return 'sent';
  };
  const answer = answerNoSoonerThan(250, work).then(
    (value) => ({ value }),
    (error: Error) => ({ error: error.message }),
  );
  void answer.then(() => (settled = performance.now() - started));
  await vi.advanceTimersByTimeAsync(1_000);
  return { at: settled, outcome: await answer };
};

describe('an answer no sooner than a given time', () => {
  it('settles at the same moment whether the work was quick or took longer', async () => {
    expect(await settledAt(2)).toEqual({ at: 250, outcome: { value: 'sent' } });
    expect(await settledAt(40)).toEqual({ at: 250, outcome: { value: 'sent' } });
  });

  it('waits as long with an error, which it passes on', async () => {
    expect(await settledAt(5, true)).toEqual({ at: 250, outcome: { error: 'mail failed' } });
  });

  it('settles when the work is done if it takes longer', async () => {
    expect(await settledAt(400)).toEqual({ at: 400, outcome: { value: 'sent' } });
  });
});
