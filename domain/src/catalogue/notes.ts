import type { NoteEvent, Notation } from './exercise.js';
import { cleanPattern, line, mirrorHands } from './grid.js';
import type { Voice } from './exercise.js';

export const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
export const lcm = (a: number, b: number): number => (a * b) / gcd(a, b);

/** Number of bars (at least `minBars`) after which a repeating cycle lines up with the bar line again. */
export const barsForCycle = (cycleSteps: number, stepsPerBar: number, minBars = 2): number =>
  Math.max(minBars, lcm(cycleSteps, stepsPerBar) / stepsPerBar);

/** Moves notes by `steps` grid steps. */
export const shift = (notes: NoteEvent[], steps: number): NoteEvent[] =>
  notes.map((note) => ({ ...note, step: note.step + steps }));

/**
 * Repeats a hand pattern until `totalSteps` are filled; when `alternates`, every second group is played
 * with the hands swapped (as rudiments alternate their lead).
 */
export function repeatGroup(
  voice: Voice,
  pattern: string,
  sticking: string,
  alternates: boolean,
  totalSteps: number,
): NoteEvent[] {
  const group = line(voice, pattern, { sticking });
  const mirrored = mirrorHands(group);
  const groupSteps = cleanPattern(pattern).length;
  const notes: NoteEvent[] = [];
  for (let offset = 0, k = 0; offset + groupSteps <= totalSteps; offset += groupSteps, k++) {
    notes.push(...shift(alternates && k % 2 === 1 ? mirrored : group, offset));
  }
  return notes;
}

/** Places a sequence of strokes on consecutive grid steps, cycling through it until `totalSteps`. */
export const stream = (sequence: NoteEvent[], totalSteps: number): NoteEvent[] =>
  Array.from({ length: totalSteps }, (_, step) => ({ ...sequence[step % sequence.length]!, step }));

export const withoutAccents = (notes: NoteEvent[]): NoteEvent[] =>
  notes.map(({ accent: _accent, ...rest }) => rest);

export const isOnBeat = (note: NoteEvent, subdivision: Notation['subdivision']): boolean =>
  note.step % subdivision === 0;

/** Accents exactly the notes for which `pick` is true. */
export const accentWhere = (
  notes: NoteEvent[],
  pick: (note: NoteEvent, index: number) => boolean,
): NoteEvent[] =>
  withoutAccents(notes).map((note, index) => (pick(note, index) ? { ...note, accent: true } : note));

/** Accents the last note inside each beat. */
export function accentBeatEnds(notes: NoteEvent[], subdivision: number): NoteEvent[] {
  const lastInBeat = new Set<number>();
  const byBeat = new Map<number, number>();
  notes.forEach((note, index) => byBeat.set(Math.floor(note.step / subdivision), index));
  for (const index of byBeat.values()) lastInBeat.add(index);
  return accentWhere(notes, (_note, index) => lastInBeat.has(index));
}

/** Unaccented notes become ghost notes, so the accents stand out. */
export const ghostTaps = (notes: NoteEvent[]): NoteEvent[] =>
  notes.map((note) => (note.accent || note.ornament ? note : { ...note, ghost: true }));

export const hasAccents = (notes: NoteEvent[]): boolean => notes.some((note) => note.accent);

/** Strokes per beat, counting a flam or drag grace as extra work. */
export function density(notes: NoteEvent[], beats: number): number {
  const weight = notes.reduce(
    (sum, note) =>
      sum + (note.sticking === 'F' ? 0 : 1) + (note.ornament === 'drag' ? 1 : note.ornament ? 0.5 : 0),
    0,
  );
  return weight / Math.max(1, beats);
}
