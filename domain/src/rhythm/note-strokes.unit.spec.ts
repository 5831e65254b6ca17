import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VOICES, type NoteEvent } from '../catalogue/exercise.js';
import { NOTE_VELOCITY, noteStrokes } from './note-strokes.js';

const notes = fc.record({
  step: fc.nat(64),
  voice: fc.constantFrom(...VOICES),
  accent: fc.boolean(),
  ghost: fc.boolean(),
  ornament: fc.constantFrom(undefined, 'flam' as const, 'drag' as const, 'buzz' as const),
});
/** A grid step at 30-250 bpm, from eighths to thirty-seconds. */
const stepSeconds = fc
  .record({ bpm: fc.integer({ min: 30, max: 250 }), subdivision: fc.constantFrom(2, 3, 4, 6, 8) })
  .map(({ bpm, subdivision }) => 60 / bpm / subdivision);

describe('the strokes of a written note', () => {
  it('always play the note itself once, on its time, at its velocity', () => {
    fc.assert(
      fc.property(notes, stepSeconds, (note, step) => {
        const written = noteStrokes(note as NoteEvent, step).filter((stroke) => !stroke.grace);
        expect(written).toEqual([
          {
            voice: note.voice,
            offset: 0,
            velocity: note.accent
              ? NOTE_VELOCITY.accent
              : note.ghost
                ? NOTE_VELOCITY.ghost
                : NOTE_VELOCITY.normal,
            grace: false,
          },
        ]);
      }),
    );
  });

  it('keep grace strokes softer than the note and inside the neighbouring step: before it for flams and drags, after it for buzzes', () => {
    fc.assert(
      fc.property(notes, stepSeconds, (note, step) => {
        const graces = noteStrokes(note as NoteEvent, step).filter((stroke) => stroke.grace);
        const expected = { flam: 1, drag: 2, buzz: null, none: 0 }[note.ornament ?? 'none'];
        if (expected !== null) expect(graces).toHaveLength(expected);
        else expect(graces.length).toBeGreaterThanOrEqual(1);
        for (const grace of graces) {
          if (note.ornament === 'buzz') expect(grace.offset > 0 && grace.offset < step).toBe(true);
          else expect(grace.offset < 0 && grace.offset >= -Math.min(0.03, step / 3) - 1e-12).toBe(true);
          expect(grace.velocity).toBeGreaterThan(0);
          expect(grace.velocity).toBeLessThan(
            noteStrokes(note as NoteEvent, step).find((stroke) => !stroke.grace)!.velocity,
          );
        }
      }),
    );
  });
});
