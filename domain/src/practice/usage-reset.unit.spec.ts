import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider/decider.js';
import { givenWhenThen } from '../testing/given-when-then.js';
import { practiceDecider } from './practice-decider.js';
import { usageOn } from './practice-queries.js';
import type { PracticeEvent } from './practice-events.js';

const now = new Date('2026-05-04T18:00:00Z');
const freemium = { tier: 'freemium', status: 'freemium' } as const;
const used = (day: string): PracticeEvent => ({
  type: 'UsageIncremented',
  data: { usageType: 'lesson', day },
});

const given = givenWhenThen(practiceDecider, now);

describe('Given a freemium customer who used up today', () => {
  const today = '2026-05-04';
  const history = [used('2026-05-03'), used(today), used(today), used(today)];

  it('when an operator resets today, then the day is cleared with what it had counted', () => {
    given(...history)
      .when({ type: 'ResetUsage', data: { day: today } })
      .then([{ type: 'UsageReset', data: { day: today, lessons: 3 } }]);
  });

  it('when they count a lesson after the reset, then the daily limit lets 3 more through and no fourth', () => {
    let events = [...history, { type: 'UsageReset', data: { day: today, lessons: 3 } } as PracticeEvent];
    const count = { type: 'IncrementUsage', data: { usageType: 'lesson', plan: freemium } } as const;
    for (let lesson = 0; lesson < 3; lesson++)
      events = [
        ...events,
        ...given(...events)
          .when(count)
          .events(),
      ];
    expect(usageOn(foldEvents(practiceDecider, events), today)).toBe(3);
    given(...events)
      .when(count)
      .thenThrows('daily_limit_reached', 'Free lesson limit reached');
  });

  it('when the reset names another day, then only that day is cleared', () => {
    const events = [
      ...history,
      ...given(...history)
        .when({ type: 'ResetUsage', data: { day: '2026-05-03' } })
        .events(),
    ];
    const state = foldEvents(practiceDecider, events);
    expect(usageOn(state, '2026-05-03')).toBe(0);
    expect(usageOn(state, today)).toBe(3);
  });
});

describe('Given a day without counted lessons', () => {
  it('when an operator resets it, then nothing is recorded', () => {
    given(used('2026-05-03'))
      .when({ type: 'ResetUsage', data: { day: '2026-05-04' } })
      .then([]);
  });

  it('when the day is not a calendar day, then the reset is refused as invalid input', () => {
    for (const day of ['2026-02-30', '4 May', ''])
      given().when({ type: 'ResetUsage', data: { day } }).thenThrows('invalid_input');
  });
});
