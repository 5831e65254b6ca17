import { describe, expect, it } from 'vitest';
import { decideAfter, foldEvents } from '../decider/decider.js';
import { isDomainError } from '../decider/domain-error.js';
import { practiceDecider, usageOn, type PracticeCommand } from './practice-decider.js';
import type { PracticeEvent } from './practice-events.js';

const now = new Date('2026-05-04T18:00:00Z');
const freemium = { tier: 'freemium', status: 'freemium' } as const;
const used = (day: string): PracticeEvent => ({
  type: 'UsageIncremented',
  data: { usageType: 'lesson', day },
});

const when = (history: PracticeEvent[], command: Omit<PracticeCommand, 'metadata'>) =>
  decideAfter(practiceDecider, history, { ...command, metadata: { now } } as PracticeCommand);

describe('Given a freemium customer who used up today', () => {
  const today = '2026-05-04';
  const history = [used('2026-05-03'), used(today), used(today), used(today)];

  it('when an operator resets today, then the day is cleared with what it had counted', () => {
    expect(when(history, { type: 'ResetUsage', data: { day: today } })).toEqual([
      { type: 'UsageReset', data: { day: today, lessons: 3 } },
    ]);
  });

  it('when they count a lesson after the reset, then the daily limit lets 3 more through and no fourth', () => {
    let events = [...history, { type: 'UsageReset', data: { day: today, lessons: 3 } } as PracticeEvent];
    const count = { type: 'IncrementUsage', data: { usageType: 'lesson', plan: freemium } } as const;
    for (let lesson = 0; lesson < 3; lesson++) events = [...events, ...when(events, count)];
    expect(usageOn(foldEvents(practiceDecider, events), today)).toBe(3);
    expect(() => when(events, count)).toThrowError('Free lesson limit reached');
  });

  it('when the reset names another day, then only that day is cleared', () => {
    const events = [...history, ...when(history, { type: 'ResetUsage', data: { day: '2026-05-03' } })];
    const state = foldEvents(practiceDecider, events);
    expect(usageOn(state, '2026-05-03')).toBe(0);
    expect(usageOn(state, today)).toBe(3);
  });
});

describe('Given a day without counted lessons', () => {
  it('when an operator resets it, then nothing is recorded', () => {
    expect(when([used('2026-05-03')], { type: 'ResetUsage', data: { day: '2026-05-04' } })).toEqual([]);
  });

  it('when the day is not a calendar day, then the reset is refused as invalid input', () => {
    for (const day of ['2026-02-30', '4 May', '']) {
      const refusal = (() => {
        try {
          when([], { type: 'ResetUsage', data: { day } });
        } catch (error) {
          return error;
        }
      })();
      expect(isDomainError(refusal, 'invalid_input'), `${day} refused`).toBe(true);
    }
  });
});
