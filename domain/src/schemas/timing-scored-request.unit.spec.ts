import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreTake } from '../timing/score-take.js';
import { fieldErrors } from './field-errors.js';
import { MIN_FULL_TAKE_NOTES, takeIsRecorded } from '../timing/take-plausibility.js';
import {
  TIMING_COUNTS_MESSAGE,
  timingScoredRequestOf,
  timingScoredRequestSchema,
} from './practice-requests.js';

const errorsOf = (input: unknown) => {
  const result = fieldErrors(timingScoredRequestSchema, input);
  return result.ok ? {} : result.errors;
};

const take = {
  lessonId: 4711,
  input: 'midi',
  bpm: 96,
  expected: 32,
  hits: 30,
  missed: 2,
  extra: 1,
  meanOffsetMs: 14.5,
  spreadMs: 8.25,
  accuracy: 87.5,
} as const;

describe('timing scored request (POST /api/lesson/timing)', () => {
  it('accepts the summary of any take the coach scores', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 250 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 60_000 }), {
          minLength: MIN_FULL_TAKE_NOTES,
          maxLength: 40,
        }),
        fc.array(fc.integer({ min: -300, max: 60_300 }), { maxLength: 60 }),
        fc.constantFrom('midi', 'microphone'),
        (bpm, noteTimes, hitTimes, input) => {
          const score = scoreTake(
            noteTimes.map((timeMs) => ({ timeMs, voice: 'snare' as const, bpm })),
            hitTimes.map((timeMs) => ({ timeMs })),
          );
          // The card shows, but does not record, a take that is mostly noise (takeIsRecorded).
          fc.pre(takeIsRecorded(score));
          const request = timingScoredRequestOf(1, input, bpm, score);
          expect(request).toMatchObject({ expected: score.expected, hits: score.hit, missed: score.missed });
          expect(fieldErrors(timingScoredRequestSchema, request)).toEqual({ ok: true, value: request });
        },
      ),
    );
  });

  it('accepts both inputs and the ends of every range', () => {
    expect(fieldErrors(timingScoredRequestSchema, take).ok).toBe(true);
    const ends = { ...take, input: 'microphone', bpm: 30, meanOffsetMs: -1000, spreadMs: 0, accuracy: 0 };
    expect(fieldErrors(timingScoredRequestSchema, ends).ok).toBe(true);
    const perfect = { ...take, bpm: 250, hits: 32, missed: 0, extra: 0, accuracy: 100 };
    expect(fieldErrors(timingScoredRequestSchema, perfect).ok).toBe(true);
  });

  it('keeps the tempo to the metronome range in whole bpm', () => {
    expect(errorsOf({ ...take, bpm: 29 })).toEqual({ bpm: ['must be greater than or equal to 30'] });
    expect(errorsOf({ ...take, bpm: 251 })).toEqual({ bpm: ['must be less than or equal to 250'] });
    expect(errorsOf({ ...take, bpm: 96.5 })).toEqual({ bpm: ['must be an integer'] });
  });

  it('needs whole, non-negative counts and a full take, saying why a short one is refused', () => {
    const refusal =
      'must be at least 16: a take counts from 16 notes judged, a shorter one is shown on the card and not recorded';
    expect(errorsOf({ ...take, expected: 0, hits: 0, missed: 0, extra: 0, accuracy: 0 })).toEqual({
      expected: [refusal],
    });
    // A false start of 4 strokes at 100 % (its figures per position would reach the weak spots).
    expect(errorsOf({ ...take, expected: 4, hits: 4, missed: 0, extra: 0, accuracy: 100 })).toEqual({
      expected: [refusal],
    });
    expect(errorsOf({ ...take, expected: 15, hits: 15, missed: 0, extra: 0, accuracy: 100 })).toEqual({
      expected: [refusal],
    });
    expect(errorsOf({ ...take, expected: 16, hits: 16, missed: 0, extra: 0, accuracy: 100 })).toEqual({});
    expect(errorsOf({ ...take, extra: -1 })).toEqual({ extra: ['must be greater than or equal to 0'] });
    expect(errorsOf({ ...take, hits: 1.5 })).toEqual({ hits: ['must be an integer'] });
    // Out of range, and more than the take's notes allow: both said, and what it does to the accuracy.
    expect(errorsOf({ ...take, extra: 60_001 })).toEqual({
      extra: ['must be less than or equal to 60000', 'must be at most 256 (8 per expected note)'],
      accuracy: ['must be at most 0 with 30 of 32 notes hit and 60001 extra strokes'],
    });
  });

  it('needs hits and missed to add up to expected', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_FULL_TAKE_NOTES, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (expected, hits, missed) => {
          fc.pre(hits + missed !== expected);
          expect(errorsOf({ ...take, expected, hits, missed, extra: 0, accuracy: 0 })).toEqual({
            missed: [TIMING_COUNTS_MESSAGE],
          });
        },
      ),
    );
  });

  it('bounds the offsets, the spread and the accuracy', () => {
    expect(errorsOf({ ...take, meanOffsetMs: -1000.5 })).toEqual({
      meanOffsetMs: ['must be greater than or equal to -1000'],
    });
    expect(errorsOf({ ...take, spreadMs: -1 })).toEqual({ spreadMs: ['must be greater than or equal to 0'] });
    expect(errorsOf({ ...take, spreadMs: 1001 })).toEqual({
      spreadMs: ['must be less than or equal to 1000'],
    });
    expect(errorsOf({ ...take, accuracy: 100.1 })).toEqual({
      accuracy: [
        'must be less than or equal to 100',
        'must be at most 92.2 with 30 of 32 notes hit and 1 extra strokes',
      ],
    });
    expect(errorsOf({ ...take, accuracy: Number.NaN })).toEqual({ accuracy: ['must be a number'] });
    expect(errorsOf({ ...take, meanOffsetMs: Number.POSITIVE_INFINITY })).toEqual({
      meanOffsetMs: ['must be a number'],
    });
  });

  it('carries whether the take was played calibrated, when the card says', () => {
    expect(fieldErrors(timingScoredRequestSchema, { ...take, calibrated: false })).toEqual({
      ok: true,
      value: { ...take, calibrated: false },
    });
    expect(errorsOf({ ...take, calibrated: 'no' })).toEqual({ calibrated: ['must be a boolean'] });
    const score = scoreTake([{ timeMs: 0, voice: 'snare', bpm: 90 }], [{ timeMs: 0 }]);
    expect(timingScoredRequestOf(1, 'midi', 90, score, 'p', [], false)).toMatchObject({ calibrated: false });
    expect(timingScoredRequestOf(1, 'midi', 90, score)).not.toHaveProperty('calibrated');
  });

  it('says what is missing and rejects an unknown input', () => {
    const { accuracy: _accuracy, ...withoutAccuracy } = take;
    expect(errorsOf(withoutAccuracy)).toEqual({ accuracy: ['is required'] });
    expect(errorsOf({ ...take, input: 'keyboard' })).toEqual({
      input: ['must be one of [midi, microphone]'],
    });
    expect(errorsOf({ ...take, lessonId: 0 })).toEqual({ lessonId: ['must be greater than or equal to 1'] });
  });
});
