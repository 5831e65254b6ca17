import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftDayKey } from '../calendar/day-keys.js';
import { VOICES } from '../catalogue/exercise.js';
import { BEAT_POSITIONS, type PositionFigures } from './beat-positions.js';
import {
  weakSpots,
  weakSpotSentence,
  withTakeTallies,
  TALLY_DAYS_KEPT,
  type DailyPositionTallies,
} from './weak-spots.js';

const today = '2026-05-28';
const daysAgo = (days: number) => shiftDayKey(today, -days);
const figures = (
  voice: PositionFigures['voice'],
  position: PositionFigures['position'],
  strokes: number,
  meanOffsetMs: number,
  spreadMs: number,
): PositionFigures => ({ voice, position, strokes, meanOffsetMs, spreadMs });

const takes = (...entries: [daysAgo: number, figures: PositionFigures[]][]): DailyPositionTallies =>
  entries.reduce<DailyPositionTallies>(
    (days, [ago, byPosition]) => withTakeTallies(days, daysAgo(ago), byPosition),
    {},
  );

describe('Weak spots', () => {
  it('name the pairs that stand out, worst first, in words a drummer uses; a steady hi-hat is not one', () => {
    const take = [
      figures('hi_hat', '1', 16, 2, 5),
      figures('bass_drum', '&', 8, 18, 6),
      figures('snare', '1', 8, -4, 24),
    ];
    const spots = weakSpots(takes([20, take], [16, take], [5, take], [1, take]), today);
    expect(spots).toEqual([
      {
        voice: 'bass_drum',
        position: '&',
        meanOffsetMs: 18,
        spreadMs: 6,
        strokes: 32,
        takes: 4,
        trend: 'steady',
      },
      {
        voice: 'snare',
        position: '1',
        meanOffsetMs: -4,
        spreadMs: 24,
        strokes: 32,
        takes: 4,
        trend: 'steady',
      },
    ]);
    expect(spots.map(weakSpotSentence)).toEqual([
      "Your bass drum on the '&' drags 18 ms",
      "Your snare on the '1' wanders by 24 ms",
    ]);
    expect(weakSpotSentence({ ...spots[0]!, meanOffsetMs: -12 })).toBe(
      "Your bass drum on the '&' rushes 12 ms",
    );
  });

  it('need 30 strokes, look back 4 weeks only, and say whether they get better', () => {
    expect(weakSpots(takes([1, [figures('bass_drum', '&', 29, 30, 0)]]), today)).toEqual([]);
    expect(weakSpots(takes([28, [figures('bass_drum', '&', 40, 30, 0)]]), today)).toEqual([]);
    const improving = takes(
      [20, [figures('snare', 'e', 20, 30, 4)]],
      [3, [figures('snare', 'e', 20, 14, 4)]],
    );
    expect(weakSpots(improving, today)).toMatchObject([{ meanOffsetMs: 22, trend: 'better' }]);
    const worsening = takes(
      [20, [figures('snare', 'e', 20, 12, 4)]],
      [3, [figures('snare', 'e', 20, 30, 4)]],
    );
    expect(weakSpots(worsening, today)).toMatchObject([{ trend: 'worse' }]);
    expect(weakSpots(takes([3, [figures('snare', 'e', 40, 30, 4)]]), today)).toMatchObject([
      { trend: 'new' },
    ]);
  });

  it('combine the takes as one take of all their strokes would (pooled mean and spread)', () => {
    // Offsets 0 (10 strokes) and 40 (30 strokes): mean 30, spread sqrt(0.25·0.75)·40 ≈ 17.3.
    const spots = weakSpots(
      takes([2, [figures('ride', 'a', 10, 0, 0)]], [1, [figures('ride', 'a', 30, 40, 0)]]),
      today,
    );
    expect(spots).toMatchObject([{ meanOffsetMs: 30, spreadMs: 17, strokes: 40, takes: 2 }]);
  });

  it('keep only the days they can look at', () => {
    let days: DailyPositionTallies = {};
    for (let ago = 100; ago >= 0; ago--)
      days = withTakeTallies(days, daysAgo(ago), [figures('snare', '1', 1, 0, 0)]);
    expect(Object.keys(days)).toHaveLength(TALLY_DAYS_KEPT);
  });

  it('are empty for takes with no offsets (property)', () => {
    const noOffsets = fc.array(
      fc.record({
        ago: fc.integer({ min: 0, max: 60 }),
        byPosition: fc.uniqueArray(
          fc.record({
            voice: fc.constantFrom(...VOICES),
            position: fc.constantFrom(...BEAT_POSITIONS),
            strokes: fc.integer({ min: 1, max: 500 }),
            meanOffsetMs: fc.constant(0),
            spreadMs: fc.constant(0),
          }),
          { selector: (entry) => `${entry.voice} ${entry.position}`, maxLength: 6 },
        ),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(noOffsets, (entries) => {
        const days = takes(
          ...entries.map(({ ago, byPosition }) => [ago, byPosition] as [number, PositionFigures[]]),
        );
        expect(weakSpots(days, today)).toEqual([]);
      }),
    );
    expect(weakSpots({}, today)).toEqual([]);
  });
});
