import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Voice } from '../catalogue/exercise.js';
import { scoreTake, type DueNote, type PlayedHit } from './score-take.js';
import { MAX_EXTRA_PER_EXPECTED_NOTE, takeImplausibilities, type TakeSummary } from './take-plausibility.js';

const VOICES: Voice[] = ['bass_drum', 'snare', 'hi_hat'];

/** Any take the judge scores: notes on a grid, strokes anywhere around them, with or without voices. */
const scoredTake = fc
  .record({
    notes: fc.uniqueArray(
      fc.record({ step: fc.integer({ min: 0, max: 63 }), voice: fc.constantFrom(...VOICES) }),
      {
        minLength: 1,
        maxLength: 40,
        selector: ({ step, voice }) => `${step} ${voice}`,
      },
    ),
    strokes: fc.array(
      fc.record({
        at: fc.double({ min: -200, max: 64 * 125 + 200, noNaN: true }),
        voice: fc.constantFrom(...VOICES),
      }),
      { maxLength: 200 },
    ),
    voiced: fc.boolean(),
  })
  .map(({ notes, strokes, voiced }) => {
    const due: DueNote[] = notes.map(({ step, voice }) => ({ timeMs: step * 125, voice, bpm: 120 }));
    const played: PlayedHit[] = strokes.map(({ at, voice }) => ({
      timeMs: at,
      ...(voiced ? { voice } : {}),
    }));
    const score = scoreTake(due, played);
    return { ...score, hits: score.hit } satisfies TakeSummary;
  });

describe('take plausibility', () => {
  it('finds nothing wrong with any take the judge scored, but more extras than the bound allows', () => {
    fc.assert(
      fc.property(scoredTake, (take) => {
        const tooManyExtras = take.extra > MAX_EXTRA_PER_EXPECTED_NOTE * take.expected;
        expect(takeImplausibilities(take).map(({ field }) => field)).toEqual(tooManyExtras ? ['extra'] : []);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses an accuracy the notes hit cannot earn, naming the highest possible', () => {
    expect(takeImplausibilities({ expected: 16, hits: 0, missed: 16, extra: 0, accuracy: 100 })).toEqual([
      { field: 'accuracy', message: 'must be at most 0 with 0 of 16 notes hit and 0 extra strokes' },
    ]);
    expect(takeImplausibilities({ expected: 16, hits: 12, missed: 4, extra: 2, accuracy: 75 })).toEqual([
      { field: 'accuracy', message: 'must be at most 68.8 with 12 of 16 notes hit and 2 extra strokes' },
    ]);
    expect(takeImplausibilities({ expected: 16, hits: 12, missed: 4, extra: 2, accuracy: 68.8 })).toEqual([]);
  });

  it(`bounds extra strokes by ${MAX_EXTRA_PER_EXPECTED_NOTE} per expected note`, () => {
    expect(takeImplausibilities({ expected: 16, hits: 16, missed: 0, extra: 60_000, accuracy: 100 })).toEqual(
      [
        { field: 'extra', message: 'must be at most 128 (8 per expected note)' },
        { field: 'accuracy', message: 'must be at most 0 with 16 of 16 notes hit and 60000 extra strokes' },
      ],
    );
    expect(takeImplausibilities({ expected: 16, hits: 16, missed: 0, extra: 128, accuracy: 0 })).toEqual([]);
  });

  it('asks the counts to add up, and the per-position strokes to add up to the hits', () => {
    expect(takeImplausibilities({ expected: 16, hits: 10, missed: 10, extra: 0, accuracy: 50 })).toEqual([
      { field: 'missed', message: 'hits and missed must add up to expected' },
    ]);
    const byPosition = [{ strokes: 6 }, { strokes: 3 }];
    expect(
      takeImplausibilities({ expected: 16, hits: 10, missed: 6, extra: 0, accuracy: 50, byPosition }),
    ).toEqual([{ field: 'byPosition', message: 'strokes must add up to hits (9, not 10)' }]);
    expect(
      takeImplausibilities({ expected: 16, hits: 9, missed: 7, extra: 0, accuracy: 50, byPosition }),
    ).toEqual([]);
  });
});
