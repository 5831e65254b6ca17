import type { NoteEvent, Sticking, Voice } from './exercise.js';
import { line } from './grid.js';

/** Patterns per voice (symbols as in `grid.ts`); each repeats until the notation is full; '' removes the voice. */
export type KitParts = Partial<Record<Voice, string>>;

/** Which limb plays a voice unless a pattern says otherwise: cymbals right hand, snare left, pedals feet. */
export const DEFAULT_STICKING: Record<Voice, Sticking> = {
  hi_hat: 'R',
  hi_hat_open: 'R',
  hi_hat_foot: 'F',
  ride: 'R',
  ride_bell: 'R',
  crash: 'R',
  china: 'R',
  cowbell: 'R',
  snare: 'L',
  rim_click: 'L',
  high_tom: 'R',
  mid_tom: 'R',
  floor_tom: 'R',
  bass_drum: 'F',
  pad: 'R',
};

/** A part must tile the notation exactly; a pattern of the wrong length is a typo, not a rhythm. */
function assertFits(voice: Voice, pattern: string, totalSteps: number): true {
  const length = pattern.replace(/[\s|]/g, '').length;
  if (totalSteps % length !== 0)
    throw new Error(`${voice} pattern of ${length} steps does not tile ${totalSteps} steps`);
  return true;
}

/** Notes of all parts over `totalSteps`; `sticking` overrides the default limb per voice. */
export function kitNotes(
  parts: KitParts,
  totalSteps: number,
  sticking: Partial<Record<Voice, string>> = {},
): NoteEvent[] {
  // An empty pattern removes a voice that a base groove had.
  return (Object.entries(parts) as [Voice, string][]).flatMap(([voice, pattern]) =>
    pattern === ''
      ? []
      : assertFits(voice, pattern, totalSteps) &&
        line(voice, pattern, { length: totalSteps, sticking: sticking[voice] ?? DEFAULT_STICKING[voice] }),
  );
}

/** Voices that keep time in a groove. */
export const TIMEKEEPERS: readonly Voice[] = [
  'hi_hat',
  'hi_hat_open',
  'ride',
  'ride_bell',
  'crash',
  'china',
  'cowbell',
];
export const TOMS: readonly Voice[] = ['high_tom', 'mid_tom', 'floor_tom'];

/** Linear pattern text: one limb per step, h hi-hat, s snare, S accented snare, g ghost snare, k kick, t/m/f toms. */
export function linearParts(sequence: string): KitParts {
  const map: Record<string, [Voice, string]> = {
    h: ['hi_hat', 'x'],
    H: ['hi_hat', 'X'],
    s: ['snare', 'x'],
    S: ['snare', 'X'],
    g: ['snare', 'g'],
    k: ['bass_drum', 'x'],
    t: ['high_tom', 'x'],
    m: ['mid_tom', 'x'],
    f: ['floor_tom', 'x'],
    c: ['crash', 'X'],
  };
  const parts: Record<string, string[]> = {};
  const cells = [...sequence.replace(/[\s|]/g, '')];
  cells.forEach((symbol, index) => {
    const entry = map[symbol];
    if (!entry) return;
    const [voice, mark] = entry;
    const row = (parts[voice] ??= cells.map(() => '-'));
    row[index] = mark;
  });
  return Object.fromEntries(Object.entries(parts).map(([voice, row]) => [voice, row.join('')])) as KitParts;
}
