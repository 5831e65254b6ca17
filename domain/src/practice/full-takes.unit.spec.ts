import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planTempo } from '../scheduler/tempo-plan.js';
import { takeFigures, takeOfAnyLength } from '../testing/take-fixtures.js';
import {
  isFullTake,
  MIN_FULL_TAKE_NOTES,
  takeIsRecorded,
  takeTeachesPlans,
} from '../timing/take-plausibility.js';
import { evolvePracticeEvents } from './practice-evolve.js';
import type { PracticeEvent, TakeFigures } from './practice-events.js';
import { initialPracticeState } from './practice-state.js';

const lesson = { lesson_id: 42, start_bpm: 80 };
const now = new Date('2026-05-10T09:00:00.000Z');

const scored = (take: TakeFigures, i: number): PracticeEvent => ({
  type: 'TimingScored',
  data: {
    ...take,
    playId: 'play-1',
    focus: 'timing',
    scoredAt: new Date(now.getTime() - 3_600_000 + i * 60_000).toISOString(),
    day: '2026-05-10',
  },
});

describe('A full take', () => {
  it(`counts from ${MIN_FULL_TAKE_NOTES} notes judged: one fewer is shown, not recorded`, () => {
    expect(isFullTake({ expected: MIN_FULL_TAKE_NOTES })).toBe(true);
    expect(isFullTake({ expected: MIN_FULL_TAKE_NOTES - 1 })).toBe(false);
    expect(takeIsRecorded({ expected: MIN_FULL_TAKE_NOTES, extra: 0 })).toBe(true);
    expect(takeIsRecorded({ expected: MIN_FULL_TAKE_NOTES - 1, extra: 0 })).toBe(false);
    expect(takeIsRecorded({ expected: 2, extra: 0 })).toBe(false);
  });

  it("a 2-stroke take at 100 % after a 64-note take at 92 % is not the tempo plan's basis (the issue's case)", () => {
    const state = evolvePracticeEvents(initialPracticeState(), [
      scored(takeFigures({ expected: 64, hits: 64, bpm: 42, accuracy: 92 }), 0),
      scored(takeFigures({ expected: 2, hits: 2, bpm: 46, accuracy: 100 }), 1),
    ]);
    expect(planTempo(lesson, state.takeHistory.get(42), undefined, now).basis).toEqual({
      kind: 'takes',
      bpm: 42,
      accuracy: 92,
      takes: 1,
      ratedTooHard: false,
    });
  });

  it("a take shorter than the minimum is never a tempo plan's basis (property)", () => {
    fc.assert(
      fc.property(fc.array(takeOfAnyLength, { maxLength: 12 }), (takes) => {
        const full = takes.filter((take) => take.expected >= MIN_FULL_TAKE_NOTES);
        const state = evolvePracticeEvents(initialPracticeState(), takes.map(scored));
        const { basis } = planTempo(lesson, state.takeHistory.get(42), undefined, now);
        if (full.length === 0) expect(basis.kind).toBe('catalogue');
        else {
          expect(basis.kind).toBe('takes');
          if (basis.kind === 'takes') {
            expect(basis.takes).toBe(full.length);
            expect(full).toContainEqual(
              expect.objectContaining({ bpm: basis.bpm, accuracy: basis.accuracy }),
            );
          }
        }
      }),
    );
  });
});

describe('An uncalibrated take', () => {
  it("is never a tempo plan's basis: the setup's delay is in it", () => {
    expect(takeTeachesPlans({ expected: MIN_FULL_TAKE_NOTES, calibrated: false })).toBe(false);
    expect(takeTeachesPlans({ expected: MIN_FULL_TAKE_NOTES, calibrated: true })).toBe(true);
    // Stored before takes said: it counts, as it did.
    expect(takeTeachesPlans({ expected: MIN_FULL_TAKE_NOTES })).toBe(true);
    expect(takeTeachesPlans({ expected: MIN_FULL_TAKE_NOTES - 1, calibrated: true })).toBe(false);
    const state = evolvePracticeEvents(initialPracticeState(), [
      scored({ ...takeFigures({ expected: 32, hits: 32, bpm: 80, accuracy: 75 }), calibrated: true }, 0),
      scored({ ...takeFigures({ expected: 32, hits: 32, bpm: 88, accuracy: 98 }), calibrated: false }, 1),
    ]);
    expect(planTempo(lesson, state.takeHistory.get(42), undefined, now)).toMatchObject({
      startBpm: 80,
      basis: { kind: 'takes', bpm: 80, accuracy: 75, takes: 1 },
    });
    // Nor the best tempo played well the speed trainer aims past.
    expect(state.takeHistory.get(42)?.bestWellBpm).toBeNull();
    const onlyUncalibrated = evolvePracticeEvents(initialPracticeState(), [
      scored({ ...takeFigures({ expected: 32, hits: 32, bpm: 88, accuracy: 98 }), calibrated: false }, 0),
    ]);
    expect(onlyUncalibrated.takeHistory.get(42)).toBeUndefined();
  });
});
