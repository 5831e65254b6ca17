import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findExercise, getCatalogue } from '../catalogue/catalogue.js';
import type { Notation } from '../catalogue/exercise.js';
import { patternPlayback } from '../rhythm/pattern-playback.js';
import { expectedNotes } from './expected-notes.js';

const notationOf = (lessonId: number): Notation => {
  const exercise = findExercise(lessonId);
  if (!exercise) throw new Error(`lesson ${lessonId} is not in the catalogue`);
  return exercise.notation;
};

const SINGLES = 100034; // 4/4 sixteenths, 2 bars, accents over ghosted taps
const FLAMS = 20229; // flam taps
const DRAGS = 400002;
const BUZZ = 130003;
const SILENT_SECOND_BAR = 670105; // sextuplets
const THREE_FOUR = 210005;

describe('expected notes (what the timing coach judges against)', () => {
  it('lie where the pattern player sounds each written note, for any tempo and count-in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(SINGLES, FLAMS, DRAGS, BUZZ, SILENT_SECOND_BAR, THREE_FOUR, 450005),
        fc.integer({ min: 30, max: 250 }),
        fc.boolean(),
        (lessonId, bpm, countIn) => {
          const notation = notationOf(lessonId);
          // The drummer plays every written note, those of a bar the exercise keeps silent too (the
          // player goes quiet there): so compare with a pass of the player with no silent bar.
          const everyBarSounding = notation.click
            ? { ...notation, click: { ...notation.click, mutedBars: [] } }
            : notation;
          const played = patternPlayback(everyBarSounding, { bpm, countIn }).flatMap((entry) =>
            entry.sound.kind === 'drum' && !entry.sound.grace
              ? [{ step: entry.sound.step, voice: entry.sound.voice, timeMs: entry.time * 1000 }]
              : [],
          );
          const expected = expectedNotes(notation, { bpm, countInBars: countIn ? 1 : 0 });
          expect(expected.map(({ step, voice }) => `${step}:${voice}`).sort()).toEqual(
            played.map(({ step, voice }) => `${step}:${voice}`).sort(),
          );
          for (const note of expected) {
            const sounded = played.find((entry) => entry.step === note.step && entry.voice === note.voice);
            expect(Math.abs(sounded!.timeMs - note.timeMs)).toBeLessThan(1e-6);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('carry the ornaments the pattern player plays, and the step each note lasts', () => {
    for (const [lessonId, ornament] of [
      [FLAMS, 'flam'],
      [DRAGS, 'drag'],
      [BUZZ, 'buzz'],
    ] as const) {
      const notation = notationOf(lessonId);
      const expected = expectedNotes(notation, { bpm: 120 });
      expect(expected.some((note) => note.ornament === ornament)).toBe(true);
      // Each note as written: its ornament or none, and one step of the grid long.
      expect(expected.map(({ step, voice, ornament }) => ({ step, voice, ornament }))).toEqual(
        [...notation.notes]
          .sort((a, b) => a.step - b.step)
          .map(({ step, voice, ornament }) => ({ step, voice, ornament })),
      );
      for (const note of expected) expect(note.lengthMs).toBeCloseTo(60_000 / 120 / notation.subdivision, 9);
    }
  });

  it('carry one kind of ornament at each moment in every lesson of the catalogue (what a microphone can judge)', () => {
    // A microphone hears the notes of one moment as one stroke with one ornament (take-judge.ts).
    const mixed = getCatalogue().filter((exercise) => {
      const ornaments = new Map<number, string>();
      return exercise.notation.notes.some((note) => {
        if (!note.ornament) return false;
        const other = ornaments.get(note.step);
        ornaments.set(note.step, note.ornament);
        return other !== undefined && other !== note.ornament;
      });
    });
    expect(mixed.map((exercise) => exercise.lesson_id)).toEqual([]);
  });

  it('puts note n at (count-in beats + step / subdivision) × 60 / bpm', () => {
    const notes = expectedNotes(notationOf(SINGLES), { bpm: 120, startMs: 1000 });
    expect(notes[0]).toMatchObject({ step: 0, timeMs: 3000 });
    expect(notes[1]).toMatchObject({ step: 1, timeMs: 3125 });
    const twoPasses = expectedNotes(notationOf(SINGLES), { bpm: 120, countInBars: 0, passes: 2 });
    expect(twoPasses[32]).toMatchObject({ step: 0, timeMs: 4000 });
  });
});
