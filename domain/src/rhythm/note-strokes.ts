import type { NoteEvent, Voice } from '../catalogue/exercise.js';

/** How hard a written note is played: accents loudest, ghost notes soft. */
export const NOTE_VELOCITY = { accent: 1, normal: 0.7, ghost: 0.28, grace: 0.32 } as const;

/** One stroke the drum voice plays for a written note: its offset in seconds from the note's grid time. */
export interface Stroke {
  voice: Voice;
  offset: number;
  velocity: number;
  /** A grace stroke of a flam or drag, or a rebound of a buzz: played for the note, not written as a note. */
  grace: boolean;
}

export const noteVelocity = (note: Pick<NoteEvent, 'accent' | 'ghost'>): number =>
  note.accent ? NOTE_VELOCITY.accent : note.ghost ? NOTE_VELOCITY.ghost : NOTE_VELOCITY.normal;

/** Time between a grace stroke and its note: 30 ms, less at very fast tempos so graces stay after the previous step. */
export const graceGap = (stepSeconds: number): number => Math.min(0.03, stepSeconds / 3);

/** Buzz rebounds every 20 ms across most of the note's step (at least one, at most 8). */
const BUZZ_REBOUND_SECONDS = 0.02;

/** How many rebounds a buzz written on a step of `stepSeconds` has: the pattern player plays them, the judge expects them. */
export const buzzReboundCount = (stepSeconds: number): number =>
  Math.min(8, Math.max(1, Math.floor((stepSeconds * 0.9) / BUZZ_REBOUND_SECONDS)));

/**
 * The strokes of one written note at a step of `stepSeconds`: the note itself at offset 0, a flam's grace
 * stroke just before it, a drag's two grace strokes before it, or a buzz's soft rebounds after it.
 */
export const noteStrokes = (note: NoteEvent, stepSeconds: number): Stroke[] => {
  const velocity = noteVelocity(note);
  const main: Stroke = { voice: note.voice, offset: 0, velocity, grace: false };
  const grace = (offset: number): Stroke => ({
    voice: note.voice,
    offset,
    // A grace stroke is a low one: softer than its note, a ghosted note's graces softer still.
    velocity: Math.min(NOTE_VELOCITY.grace, velocity * 0.6),
    grace: true,
  });
  const gap = graceGap(stepSeconds);
  switch (note.ornament) {
    case undefined:
      return [main];
    case 'flam':
      return [grace(-gap), main];
    case 'drag':
      return [grace(-gap), grace(-gap / 2), main];
    case 'buzz': {
      const rebounds = buzzReboundCount(stepSeconds);
      return [
        main,
        ...Array.from({ length: rebounds }, (_, index) => ({
          voice: note.voice,
          offset: (index + 1) * Math.min(BUZZ_REBOUND_SECONDS, (stepSeconds * 0.9) / rebounds),
          velocity: velocity * 0.55 * (1 - index / (rebounds + 1)),
          grace: true,
        })),
      ];
    }
    default: {
      const never: never = note.ornament;
      return never;
    }
  }
};
