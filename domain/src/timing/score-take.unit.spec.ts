import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dynamicOfVelocity,
  medianOffsetMs,
  scoreTake,
  suggestedRating,
  timingWindowMs,
  type DueNote,
  type PlayedHit,
} from './score-take.js';

const BPM = 120;
/** Notes far enough apart (≥ 2 windows) that a hit within its window can only mean one note. */
const expectedNotes = fc
  .array(fc.integer({ min: 130, max: 600 }), { minLength: 1, maxLength: 40 })
  .map((gaps) => {
    let time = 0;
    return gaps.map((gap): DueNote => {
      time += gap;
      return { timeMs: time, voice: 'snare', bpm: BPM };
    });
  });
const offsetsFor = (notes: DueNote[], maxOffset: number) =>
  fc.array(fc.double({ min: -maxOffset, max: maxOffset, noNaN: true }), {
    minLength: notes.length,
    maxLength: notes.length,
  });
const played = (notes: DueNote[], offsets: number[]): PlayedHit[] =>
  notes.map((note, index) => ({ timeMs: note.timeMs + (offsets[index] ?? 0), voice: note.voice }));

describe('scoring a take', () => {
  it('a perfect take scores 100, with nothing missed or extra and no offset', () => {
    fc.assert(
      fc.property(expectedNotes, (notes) => {
        const score = scoreTake(notes, played(notes, []));
        expect(score).toMatchObject({ accuracy: 100, hit: notes.length, missed: 0, extra: 0 });
        expect(score.meanOffsetMs).toBe(0);
        expect(score.spreadMs).toBe(0);
      }),
    );
  });

  it('shifting every hit by d ms moves the mean by d and leaves the spread', () => {
    fc.assert(
      fc.property(
        expectedNotes.chain((notes) => fc.tuple(fc.constant(notes), offsetsFor(notes, 15))),
        fc.double({ min: -40, max: 40, noNaN: true }),
        ([notes, offsets], d) => {
          const before = scoreTake(notes, played(notes, offsets));
          const after = scoreTake(
            notes,
            played(
              notes,
              offsets.map((offset) => offset + d),
            ),
          );
          expect(after.hit).toBe(before.hit);
          expect(after.meanOffsetMs).toBeCloseTo(before.meanOffsetMs + d, 6);
          expect(after.spreadMs).toBeCloseTo(before.spreadMs, 6);
        },
      ),
    );
  });

  it('extra hits never raise the score', () => {
    fc.assert(
      fc.property(
        expectedNotes.chain((notes) =>
          fc.tuple(
            fc.constant(notes),
            offsetsFor(notes, 55),
            fc.array(fc.double({ min: -500, max: 30_000, noNaN: true }), { maxLength: 10 }),
          ),
        ),
        ([notes, offsets, extras]) => {
          const take = played(notes, offsets);
          const before = scoreTake(notes, take);
          const after = scoreTake(notes, [
            ...take,
            ...extras.map((timeMs) => ({ timeMs, voice: 'snare' as const })),
          ]);
          expect(after.accuracy).toBeLessThanOrEqual(before.accuracy);
        },
      ),
    );
  });

  it('a stray hit costs, also when it is closer to a note than the hit that was there', () => {
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'snare', bpm: 120 },
      { timeMs: 500, voice: 'snare', bpm: 120 },
    ];
    const clean = scoreTake(notes, [
      { timeMs: 50, voice: 'snare' },
      { timeMs: 500, voice: 'snare' },
    ]);
    const withStray = scoreTake(notes, [
      { timeMs: 0, voice: 'snare' },
      { timeMs: 50, voice: 'snare' },
      { timeMs: 500, voice: 'snare' },
    ]);
    expect(withStray.extra).toBe(1);
    expect(withStray.accuracy).toBeLessThan(clean.accuracy);
    expect(scoreTake(notes, [{ timeMs: 2000, voice: 'snare' }, ...played(notes, [])]).accuracy).toBe(75);
  });

  it('the score never rises as the hits move further from the beat', () => {
    fc.assert(
      fc.property(
        expectedNotes.chain((notes) => fc.tuple(fc.constant(notes), offsetsFor(notes, 30))),
        fc.double({ min: 1, max: 2, noNaN: true }),
        ([notes, offsets], factor) => {
          const closer = scoreTake(notes, played(notes, offsets));
          const further = scoreTake(
            notes,
            played(
              notes,
              offsets.map((offset) => offset * factor),
            ),
          );
          expect(further.accuracy).toBeLessThanOrEqual(closer.accuracy);
        },
      ),
    );
  });

  it('a take 15 ms late at 120 bpm reads late, scores in the nineties and suggests easy', () => {
    const notes: DueNote[] = Array.from({ length: 16 }, (_, index) => ({
      timeMs: index * 500,
      voice: 'snare',
      bpm: 120,
    }));
    const score = scoreTake(notes, played(notes, Array(16).fill(15)));
    expect(score.hits.every((hit) => hit.timing === 'late')).toBe(true);
    expect(score.meanOffsetMs).toBe(15);
    expect(score.accuracy).toBe(95);
    expect(suggestedRating(score.accuracy)).toBe('easy');
  });

  it('counts missed notes, extra hits and wrong voices', () => {
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'bass_drum', bpm: 120 },
      { timeMs: 0, voice: 'hi_hat', bpm: 120 },
      { timeMs: 250, voice: 'hi_hat', bpm: 120 },
      { timeMs: 500, voice: 'snare', bpm: 120 },
    ];
    const score = scoreTake(notes, [
      { timeMs: 2, voice: 'bass_drum' },
      { timeMs: -3, voice: 'hi_hat' },
      { timeMs: 505, voice: 'high_tom' }, // wrong drum: extra, and the snare is missed
    ]);
    expect(score).toMatchObject({ expected: 4, hit: 2, missed: 2, extra: 1 });
    expect(score.accuracy).toBe(37.5);
  });

  it('a microphone hit (no voice) plays whichever note is due', () => {
    const notes: DueNote[] = [{ timeMs: 1000, voice: 'pad', bpm: 90 }];
    expect(scoreTake(notes, [{ timeMs: 1010 }]).hit).toBe(1);
  });

  it('the window is ±60 ms at 120 bpm and scales with the tempo', () => {
    expect(timingWindowMs(120)).toBe(60);
    expect(timingWindowMs(60)).toBe(120);
    expect(timingWindowMs(240)).toBe(30);
    const notes: DueNote[] = [{ timeMs: 0, voice: 'snare', bpm: 240 }];
    expect(scoreTake(notes, [{ timeMs: 40, voice: 'snare' }]).extra).toBe(1);
  });

  it('tells accents and ghost notes by velocity, and counts the strokes played at the written level', () => {
    expect([127, 100, 99, 46, 45, 1].map(dynamicOfVelocity)).toEqual([
      'accent',
      'accent',
      'normal',
      'normal',
      'ghost',
      'ghost',
    ]);
    const notes: DueNote[] = [
      { timeMs: 0, voice: 'snare', bpm: 120, accent: true },
      { timeMs: 250, voice: 'snare', bpm: 120, ghost: true },
      { timeMs: 500, voice: 'snare', bpm: 120 },
    ];
    const kit = scoreTake(notes, [
      { timeMs: 1, voice: 'snare', velocity: 120 },
      { timeMs: 251, voice: 'snare', velocity: 90 }, // a ghost note played too loud
      { timeMs: 501, voice: 'snare', velocity: 70 },
    ]);
    expect(kit.dynamics).toEqual({ judged: 3, asWritten: 2 });
    expect(scoreTake(notes, played(notes, [])).dynamics).toBeNull();
  });

  it('suggests an evaluation from the accuracy', () => {
    expect([100, 90, 89.9, 70, 69.9, 0].map(suggestedRating)).toEqual([
      'easy',
      'easy',
      'challenging',
      'challenging',
      'hard',
      'hard',
    ]);
  });

  it('the calibration figure is the median offset', () => {
    expect(medianOffsetMs([30, 20, 25, 400, 22])).toBe(25);
    expect(medianOffsetMs([10, 20])).toBe(15);
    expect(medianOffsetMs([])).toBe(0);
  });
});
