import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findExercise, getCatalogue } from '../catalogue/catalogue.js';
import type { Notation } from '../catalogue/exercise.js';
import { passAt, passesForPracticeTime, passesSentence, secondsPerPass } from './practice-passes.js';

const notationOf = (lessonId: number): Notation => findExercise(lessonId)!.notation;

describe('repetitions from the practice time', () => {
  it('fills the practice time at the planned tempo: one 4/4 bar at 48 bpm is 5 s, so 2 minutes are 24 passes', () => {
    const oneBar = { ...notationOf(10005), bars: 1, timeSignature: { beats: 4, beatUnit: 4 } } as Notation;
    expect(secondsPerPass(oneBar, 48)).toBe(5);
    expect(passesForPracticeTime(oneBar, 2, 48)).toBe(24);
    expect(passesSentence(24, 48)).toBe('24 passes of the pattern at 48 bpm');
    expect(passesSentence(1, 48)).toBe('1 pass of the pattern at 48 bpm');
    // The music writes a two-bar pattern of one repeated bar once: its "108×" and the sentence agree.
    expect(passesSentence(54, 86, { bars: 1, times: 108 })).toBe(
      '108× the written bar (54 passes of the pattern) at 86 bpm',
    );
    expect(passesSentence(20, 86, { bars: 2, times: 40 })).toBe(
      '40× the written 2 bars (20 passes of the pattern) at 86 bpm',
    );
    expect(passesSentence(24, 48, { bars: 2, times: 24 })).toBe('24 passes of the pattern at 48 bpm');
  });

  it('over the whole catalogue, the passes played at the start tempo last the practice time (within half a pass), never less than one pass', () => {
    const offenders = getCatalogue().filter((exercise) => {
      const passes = passesForPracticeTime(exercise.notation, exercise.practice_time, exercise.start_bpm);
      const pass = secondsPerPass(exercise.notation, exercise.start_bpm);
      const off = Math.abs(passes * pass - exercise.practice_time * 60);
      return passes < 1 || (passes > 1 && off > pass / 2 + 1e-9);
    });
    expect(offenders.map((exercise) => exercise.lesson_id)).toEqual([]);
  }, 60_000);

  it('a faster planned tempo never means fewer passes for the same time', () => {
    const notation = notationOf(110003);
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 249 }), fc.integer({ min: 1, max: 30 }), (bpm, minutes) => {
        expect(passesForPracticeTime(notation, minutes, bpm + 1)).toBeGreaterThanOrEqual(
          passesForPracticeTime(notation, minutes, bpm),
        );
      }),
    );
  });

  it('counts the pass being played from the bars after the count-in', () => {
    const twoBars = { ...notationOf(110003), bars: 2 } as Notation;
    expect([0, 1, 2, 3, 4].map((bar) => passAt(twoBars, bar))).toEqual([1, 1, 2, 2, 3]);
  });
});
