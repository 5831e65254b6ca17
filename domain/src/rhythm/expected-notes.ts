import type { Notation, NoteEvent, Voice } from '../catalogue/exercise.js';
import { noteVelocity } from './note-strokes.js';

/** One written note and when a drummer is expected to play it. */
export interface ExpectedNote {
  /** The note's grid step (`NoteEvent.step`). */
  step: number;
  voice: Voice;
  /** Seconds from `startTime`: the first count-in beat, or bar 1 without a count-in. */
  time: number;
  /** How hard: 1 accent, 0.7 normal, 0.28 ghost (as the pattern player plays it). */
  velocity: number;
  accent: boolean;
  ghost: boolean;
  ornament: NoteEvent['ornament'] | null;
}

/**
 * Where each expected note of `passes` passes through the notation lies in time at a steady `bpm`,
 * after `countInBars` bars of count-in (default one, as the practice room plays it), sorted by time.
 * Note n of a pass lies at startTime + (count-in beats + step / subdivision) × 60 / bpm: exactly where
 * the pattern player sounds it (grace strokes of flams and drags come just before, and are not listed).
 * For the timing coach (issue 12): match each hit against these.
 */
export const expectedNotes = (
  notation: Notation,
  {
    bpm,
    countInBars = 1,
    startTime = 0,
    passes = 1,
  }: { bpm: number; countInBars?: number; startTime?: number; passes?: number },
): ExpectedNote[] => {
  const beatsPerBar = notation.timeSignature.beats;
  const stepsPerPass = beatsPerBar * notation.subdivision * notation.bars;
  const beatSecondsAt = 60 / bpm;
  const notes = [...notation.notes].sort((a, b) => a.step - b.step);
  return Array.from({ length: passes }, (_, pass) =>
    notes.map((note) => ({
      step: note.step,
      voice: note.voice,
      time:
        startTime +
        (countInBars * beatsPerBar + (pass * stepsPerPass + note.step) / notation.subdivision) *
          beatSecondsAt,
      velocity: noteVelocity(note),
      accent: note.accent === true,
      ghost: note.ghost === true,
      ornament: note.ornament ?? null,
    })),
  ).flat();
};
