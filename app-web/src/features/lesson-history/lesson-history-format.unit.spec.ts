import { describe, expect, it } from 'vitest';
import { accuracyLabel } from '@stickwork/domain';
import { formatDay, ratingLabel, timingLabel } from './lesson-history-format';

describe('lesson history wording', () => {
  it('writes the customer day as it is, whatever the browser zone', () => {
    expect(formatDay('2026-03-01')).toBe('1 Mar 2026');
    expect(formatDay('2026-12-31')).toBe('31 Dec 2026');
  });

  it('names ratings as the card slider does, a mastered lesson and an unrated one', () => {
    expect(ratingLabel('too_hard', false)).toBe('too hard');
    expect(ratingLabel('too_easy', true)).toBe('mastered');
    expect(ratingLabel(null, false)).toBe('not rated');
  });

  it('says where the time sits and how steady it is', () => {
    const take = { input: 'midi', bpm: 96, accuracy: 86.54, spreadMs: 6.4 } as const;
    expect(timingLabel({ ...take, meanOffsetMs: 15.2 })).toBe('15 ms late, ±6 ms');
    expect(timingLabel({ ...take, meanOffsetMs: -8.6 })).toBe('9 ms early, ±6 ms');
    expect(timingLabel({ ...take, meanOffsetMs: 0.4 })).toBe('on the beat, ±6 ms');
    // One rounding everywhere: the coach, the history and the CLI show whole percent.
    expect(accuracyLabel(take.accuracy)).toBe('87 %');
    expect(accuracyLabel(88.5)).toBe('89 %');
    expect(accuracyLabel(100)).toBe('100 %');
  });
});
