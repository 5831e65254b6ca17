import type { ClickTrack, NoteEvent, Notation, Sticking, Voice } from './exercise.js';

/** Meter and resolution of a notation, without its notes. */
export interface Grid {
  beats: number;
  beatUnit: 4 | 8;
  subdivision: Notation['subdivision'];
  bars: number;
}

export const stepsPerBar = (grid: Pick<Grid, 'beats' | 'subdivision'>): number =>
  grid.beats * grid.subdivision;
export const totalSteps = (grid: Grid): number => stepsPerBar(grid) * grid.bars;

/**
 * A line of one voice written as text, one character per grid step, so patterns read like a drum chart:
 * `-` or `.` rest, `x` note, `X` accent, `g` ghost, `f`/`F` flam (accented), `d`/`D` drag, `z`/`Z` buzz,
 * `o`/`O` open hi-hat (only on hi-hat lines). Spaces and `|` are ignored (bar and beat separators).
 */
export const cleanPattern = (pattern: string): string => pattern.replace(/[\s|]/g, '');

const ORNAMENTS: Record<string, NoteEvent['ornament']> = { f: 'flam', d: 'drag', z: 'buzz' };

const isRest = (symbol: string): boolean => symbol === '-' || symbol === '.';

/**
 * Turns a pattern into note events starting at `offset`; the pattern repeats until `length` steps are
 * covered (default: once). Sticking is a string used cyclically over the notes (not the rests), or one hand.
 */
export function line(
  voice: Voice,
  pattern: string,
  options: { sticking?: string; offset?: number; length?: number } = {},
): NoteEvent[] {
  const cells = cleanPattern(pattern);
  if (cells.length === 0) throw new Error(`empty pattern for ${voice}`);
  const offset = options.offset ?? 0;
  const length = options.length ?? cells.length;
  const sticking = options.sticking ?? '';
  const notes: NoteEvent[] = [];
  let noteIndex = 0;
  for (let i = 0; i < length; i++) {
    const symbol = cells[i % cells.length] ?? '-';
    if (isRest(symbol)) continue;
    const lower = symbol.toLowerCase();
    const note: NoteEvent = {
      step: offset + i,
      voice: lower === 'o' && voice === 'hi_hat' ? 'hi_hat_open' : voice,
    };
    if (sticking.length > 0) note.sticking = sticking[noteIndex % sticking.length] as Sticking;
    if (symbol !== lower) note.accent = true;
    if (lower === 'g') note.ghost = true;
    const ornament = ORNAMENTS[lower];
    if (ornament) note.ornament = ornament;
    if (!'xgfdzo'.includes(lower)) throw new Error(`unknown pattern symbol "${symbol}" for ${voice}`);
    notes.push(note);
    noteIndex++;
  }
  return notes;
}

const VOICE_ORDER: Record<Voice, number> = {
  crash: 0,
  china: 1,
  ride_bell: 2,
  ride: 3,
  hi_hat_open: 4,
  hi_hat: 5,
  cowbell: 6,
  high_tom: 7,
  mid_tom: 8,
  snare: 9,
  rim_click: 10,
  pad: 11,
  floor_tom: 12,
  bass_drum: 13,
  hi_hat_foot: 14,
};

/** Assembles a notation; notes are sorted by step, then top to bottom of the staff. */
export function notation(grid: Grid, notes: NoteEvent[], click?: ClickTrack): Notation {
  const sorted = [...notes].sort((a, b) => a.step - b.step || VOICE_ORDER[a.voice] - VOICE_ORDER[b.voice]);
  const result: Notation = {
    timeSignature: { beats: grid.beats, beatUnit: grid.beatUnit },
    subdivision: grid.subdivision,
    bars: grid.bars,
    notes: sorted,
  };
  if (click) result.click = click;
  return result;
}

/** Swaps the hands of every note (left lead instead of right lead). */
export const mirrorHands = (notes: NoteEvent[]): NoteEvent[] =>
  notes.map((note) =>
    note.sticking === 'R' || note.sticking === 'L'
      ? { ...note, sticking: note.sticking === 'R' ? 'L' : 'R' }
      : note,
  );

/** Syllables for counting one beat out loud at a subdivision. */
const SYLLABLES: Record<Notation['subdivision'], string[]> = {
  2: ['&'],
  3: ['trip', 'let'],
  4: ['e', '&', 'a'],
  6: ['la', 'li', '&', 'la', 'li'],
  8: ['ta', 'e', 'ta', '&', 'ta', 'a', 'ta'],
};

/** How to count a bar out loud, e.g. "1 e & a 2 e & a" (beats numbered from 1). */
export const countingFor = (beats: number, subdivision: Notation['subdivision']): string =>
  Array.from({ length: beats }, (_, beat) => [String(beat + 1), ...SYLLABLES[subdivision]].join(' ')).join(
    ' ',
  );

/** Human name of a subdivision, as a teacher says it. */
export const SUBDIVISION_NAMES: Record<Notation['subdivision'], string> = {
  2: 'eighth notes',
  3: 'eighth-note triplets',
  4: 'sixteenth notes',
  6: 'sixteenth-note triplets',
  8: 'thirty-second notes',
};

/** Name of the grid's note value: a subdivision of 2 is 8ths under a quarter-note beat but 16ths in 6/8. */
export const noteValueName = (grid: Pick<Grid, 'beatUnit' | 'subdivision'>): string =>
  grid.beatUnit === 8
    ? grid.subdivision === 2
      ? 'sixteenth notes'
      : grid.subdivision === 4
        ? 'thirty-second notes'
        : SUBDIVISION_NAMES[grid.subdivision]
    : SUBDIVISION_NAMES[grid.subdivision];

/** The sticking of a note list as text, grouped per beat: "R L R R | L R L L" (feet, F, only when asked). */
export function stickingText(
  notes: NoteEvent[],
  subdivision: number,
  maxBeats = 4,
  withFeet = false,
): string {
  const groups = new Map<number, string[]>();
  for (const note of notes) {
    if (!note.sticking || (note.sticking === 'F' && !withFeet)) continue;
    const beat = Math.floor(note.step / subdivision);
    if (beat >= maxBeats) break;
    const group = groups.get(beat) ?? [];
    group.push(note.sticking);
    groups.set(beat, group);
  }
  return [...groups.values()].map((group) => group.join(' ')).join(' | ');
}
