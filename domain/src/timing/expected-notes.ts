import type { Notation } from '../catalogue/exercise.js';
import type { DueNote } from './score-take.js';

/** A note the coach expects, with the grid step it is written on. */
export interface ExpectedNote extends DueNote {
  step: number;
}

/**
 * The notes written on `step` of the notation, due at `timeMs` at `bpm`: as written (accents, ghost notes,
 * ornaments) and lasting one step of the grid. The coach asks this for each step the practice room plans.
 */
export const dueNotesAtStep = (
  notation: Notation,
  step: number,
  { timeMs, bpm }: { timeMs: number; bpm: number },
): ExpectedNote[] => {
  const lengthMs = 60_000 / bpm / notation.subdivision;
  return notation.notes
    .filter((note) => note.step === step)
    .map((note) => ({
      step,
      timeMs,
      voice: note.voice,
      bpm,
      lengthMs,
      ...(note.accent ? { accent: true } : {}),
      ...(note.ghost ? { ghost: true } : {}),
      ...(note.ornament ? { ornament: note.ornament } : {}),
    }));
};

/**
 * Every expected note of `passes` passes through the notation at a steady `bpm`, after `countInBars` bars
 * of count-in (default one, as the practice room plays it), in ms from `startMs`, sorted by time. Note n of
 * a pass lies at (count-in beats + step / subdivision) × 60 / bpm: exactly where the pattern player sounds
 * it (grace strokes and rebounds are the note's ornament, not notes of their own).
 */
export const expectedNotes = (
  notation: Notation,
  {
    bpm,
    countInBars = 1,
    startMs = 0,
    passes = 1,
  }: { bpm: number; countInBars?: number; startMs?: number; passes?: number },
): ExpectedNote[] => {
  const beatsPerBar = notation.timeSignature.beats;
  const stepsPerPass = beatsPerBar * notation.subdivision * notation.bars;
  const beatMs = 60_000 / bpm;
  const steps = [...new Set(notation.notes.map((note) => note.step))].sort((a, b) => a - b);
  return Array.from({ length: passes }, (_, pass) =>
    steps.flatMap((step) =>
      dueNotesAtStep(notation, step, {
        timeMs:
          startMs +
          (countInBars * beatsPerBar + (pass * stepsPerPass + step) / notation.subdivision) * beatMs,
        bpm,
      }),
    ),
  ).flat();
};
