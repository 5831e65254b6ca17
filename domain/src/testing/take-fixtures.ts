import fc from 'fast-check';
import type { TakeFigures } from '../practice/practice-events.js';
import type { TakeScore } from '../timing/score-take.js';
import { MIN_FULL_TAKE_NOTES } from '../timing/take-plausibility.js';

/**
 * A take of 32 notes on an e-kit, every note played (none missed, no extra stroke), as the coach posts
 * it and `TimingScored` records it: lesson 42 at 80 bpm, on the beat with a 5 ms spread, 96 %. Any
 * figure changed (the lesson, the tempo, the offset, the spread, the accuracy...).
 */
export const takeFigures = (changes: Partial<TakeFigures> = {}): TakeFigures => ({
  lessonId: 42,
  input: 'midi',
  bpm: 80,
  expected: 32,
  hits: 32,
  missed: 0,
  extra: 0,
  meanOffsetMs: 0,
  spreadMs: 5,
  accuracy: 96,
  byPosition: [],
  ...changes,
});

/**
 * A calibrated take of a groove in which one beat of the bar alone stands out: hi-hat and bass drum in
 * time, the snare on 2 in time and on 4 rushed by 24 ms (its figures beat by beat of the bar, as the
 * coach sends them). Eight of them make the weak spot "Your snare on 4 rushes 24 ms".
 */
export const snareRushingFourTake = (lessonId: number): TakeFigures =>
  takeFigures({
    lessonId,
    bpm: 90,
    meanOffsetMs: -3,
    spreadMs: 8,
    accuracy: 90,
    calibrated: true,
    byPosition: [
      { voice: 'hi_hat', position: '1', strokes: 16, meanOffsetMs: 1, spreadMs: 3 },
      { voice: 'bass_drum', position: '&', strokes: 8, meanOffsetMs: 2, spreadMs: 3 },
      {
        voice: 'snare',
        position: '1',
        strokes: 8,
        meanOffsetMs: -12,
        spreadMs: 12,
        beats: [
          { beat: 2, strokes: 4, meanOffsetMs: 0, spreadMs: 3 },
          { beat: 4, strokes: 4, meanOffsetMs: -24, spreadMs: 3 },
        ],
      },
    ],
  });

/** The judge's score of the same take (`takeFigures`' figures, no strokes kept), any figure changed. */
export const takeScore = (changes: Partial<TakeScore> = {}): TakeScore => {
  const { expected, hits, missed, extra, meanOffsetMs, spreadMs, accuracy } = takeFigures();
  return {
    expected,
    hit: hits,
    missed,
    extra,
    meanOffsetMs,
    spreadMs,
    accuracy,
    dynamics: null,
    hits: [],
    ...changes,
  };
};

/** Any take of 1 to 3 × MIN_FULL_TAKE_NOTES notes, every one played, at any tempo and accuracy. */
export const takeOfAnyLength = fc
  .record({
    expected: fc.integer({ min: 1, max: 3 * MIN_FULL_TAKE_NOTES }),
    bpm: fc.integer({ min: 48, max: 120 }),
    accuracy: fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10),
  })
  .map(({ expected, bpm, accuracy }) => takeFigures({ expected, hits: expected, bpm, accuracy }));
