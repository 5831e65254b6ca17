import type { Notation, NoteEvent, Sticking, Voice } from './exercise.js';
import { gcd, lcm } from './notes.js';

/**
 * What a lesson's words may say about its sheet, read from the notation itself: the note values its notes
 * need, how to count it, which voices and sticking letters it shows, how long it is. Descriptions are
 * written from these, and `validateCatalogue` checks every description against them.
 */

/**
 * Where a note starts, as the note value it needs: 4 quarter notes, 8 eighths, 12 eighth-note triplets,
 * 16 sixteenths, 24 sixteenth-note triplets, 32 thirty-seconds (the denominator of its place in whole notes).
 */
export type NoteValue = number;

export const NOTE_VALUE_NAMES: Readonly<Record<number, string>> = {
  4: 'quarter notes',
  6: 'quarter-note triplets',
  8: 'eighth notes',
  12: 'eighth-note triplets',
  16: 'sixteenth notes',
  24: 'sixteenth-note triplets',
  32: 'thirty-second notes',
};

/** The note value a note at `step` needs: a note on a beat needs only the beat's own value (a quarter in 4/4). */
export function noteValueAt(
  notation: Pick<Notation, 'timeSignature' | 'subdivision'>,
  step: number,
): NoteValue {
  const { subdivision } = notation;
  return notation.timeSignature.beatUnit * (subdivision / gcd(step % subdivision, subdivision));
}

/** The note values the notes need, finest last; a value implied by a finer one (8ths by 16ths) is left out. */
export function noteValuesOf(notation: Notation, notes: readonly NoteEvent[] = notation.notes): NoteValue[] {
  const values = new Set(notes.map((note) => noteValueAt(notation, note.step)));
  return [...values]
    .filter((value) => ![...values].some((finer) => finer !== value && finer % value === 0))
    .sort((a, b) => a - b);
}

/** "sixteenth notes", or "eighth notes and eighth-note triplets" when the sheet mixes straight and triplet notes. */
export function noteValuesText(notation: Notation, notes?: readonly NoteEvent[]): string {
  const names = noteValuesOf(notation, notes).map((value) => NOTE_VALUE_NAMES[value] ?? `1/${value} notes`);
  return names.length <= 1
    ? (names[0] ?? 'quarter notes')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Grid steps per beat the notes need to be counted: 1 on the beats only, 2 the "&", 3 triplets, 4 "e & a"... */
export function countedDivision(notation: Notation, notes: readonly NoteEvent[] = notation.notes): number {
  const { subdivision } = notation;
  return notes.reduce(
    (division, note) => lcm(division, subdivision / gcd(note.step % subdivision, subdivision)),
    1,
  );
}

/** Syllables after the beat number, per division of the beat. */
export const COUNT_SYLLABLES: Readonly<Record<number, readonly string[]>> = {
  1: [],
  2: ['&'],
  3: ['trip', 'let'],
  4: ['e', '&', 'a'],
  6: ['la', 'li', '&', 'la', 'li'],
  8: ['ta', 'e', 'ta', '&', 'ta', 'a', 'ta'],
};

/**
 * How to count `beats` beats out loud with `division` syllables a beat, e.g. "1 e & a 2 e & a". In 6/8,
 * 9/8 and 12/8 the beats are the eighths, counted "1 2 3 4 5 6", with an "&" only for sixteenths.
 */
export function countingWords(beats: number, division: number): string {
  const syllables = COUNT_SYLLABLES[division];
  if (!syllables) throw new RangeError(`no counting for ${division} notes a beat`);
  return Array.from({ length: beats }, (_, beat) => [String(beat + 1), ...syllables].join(' ')).join(' ');
}

/** How to count a bar of this notation: its meter's beats, divided only as far as its notes need. */
export const countingOf = (notation: Notation, notes?: readonly NoteEvent[]): string =>
  countingWords(notation.timeSignature.beats, countedDivision(notation, notes));

/** A shuffle or swing: triplet beats whose middle partial ("trip") is never played. */
export const isShuffle = (notation: Notation): boolean =>
  notation.subdivision === 3 &&
  notation.notes.some((note) => note.step % 3 === 2) &&
  notation.notes.every((note) => note.step % 3 !== 1);

export const voicesOf = (notation: Notation): ReadonlySet<Voice> =>
  new Set(notation.notes.map((note) => note.voice));

/** The sticking letters the notation gives its notes (R, L, B both hands, F foot). */
export const stickingLettersOf = (notes: readonly NoteEvent[]): ReadonlySet<Sticking> =>
  new Set(notes.flatMap((note) => (note.sticking ? [note.sticking] : [])));

const LETTER_MEANINGS: Record<Sticking, string> = {
  R: 'right hand',
  L: 'left hand',
  B: 'both hands',
  F: 'bass drum foot',
};

/**
 * The key to the sticking letters these notes use, in the letters of the notation's `sticking` data (the
 * sheet writes the same letters): "F = bass drum foot" only where a foot plays. Empty when only R and L
 * appear, which every drummer reads without a key.
 */
export function stickingLegend(notes: readonly NoteEvent[]): string {
  const letters = stickingLettersOf(notes);
  const explained = (['B', 'F'] as const).filter((letter) => letters.has(letter));
  return explained.map((letter) => `${letter} = ${LETTER_MEANINGS[letter]}`).join(', ');
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

/** "one bar", "two bars", "a bar and three beats", "three beats": a length of `beats` beats in bars of `beatsPerBar`. */
export function lengthInBars(beats: number, beatsPerBar: number): string {
  const bars = Math.floor(beats / beatsPerBar);
  const rest = beats % beatsPerBar;
  const word = (n: number) => NUMBER_WORDS[n] ?? String(n);
  const barText = bars === 0 ? '' : `${word(bars)} bar${bars === 1 ? '' : 's'}`;
  const restText = rest === 0 ? '' : `${word(rest)} beat${rest === 1 ? '' : 's'}`;
  if (barText && restText) return `${bars === 1 ? 'a bar' : barText} and ${restText}`;
  return barText || restText;
}

/**
 * Counting for a fill after time: one count when the fill's count also covers the time before it (16ths
 * after 8ths), else one for each ("1 & 2 &" through the groove, "1 trip let 2 trip let" through the fill).
 */
export function fillCounting(notation: Notation, fillStart: number): string {
  const before = notation.notes.filter((note) => note.step < fillStart);
  const fill = notation.notes.filter((note) => note.step >= fillStart);
  const fillCount = countingOf(notation, fill);
  const timeDivision = countedDivision(notation, before);
  return countedDivision(notation, fill) % timeDivision === 0
    ? `Count "${fillCount}" through the fill`
    : `Count "${countingOf(notation, before)}" through the time and "${fillCount}" through the fill`;
}

/** Voices as a drummer names them. */
export const VOICE_NAMES: Readonly<Record<Voice, string>> = {
  hi_hat: 'hi-hat',
  hi_hat_open: 'open hi-hat',
  hi_hat_foot: 'hi-hat foot',
  ride: 'ride',
  ride_bell: 'ride bell',
  crash: 'crash',
  china: 'china',
  cowbell: 'cowbell',
  snare: 'snare',
  rim_click: 'cross-stick',
  high_tom: 'high tom',
  mid_tom: 'mid tom',
  floor_tom: 'floor tom',
  bass_drum: 'bass drum',
  pad: 'pad',
};

/** The drums these notes play, in the order they first play them: "snare, mid tom". */
export const drumsInOrder = (notes: readonly NoteEvent[]): string =>
  [...new Set(notes.map((note) => VOICE_NAMES[note.voice]))].join(', ');

const listed = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The counts of a sheet whose bars divide the beat differently, each with its bars: 'Count "1 & 2 & 3 & 4 &"
 * in bars 1 and 4, "1 trip let 2 trip let 3 trip let 4 trip let" in bars 2 and 3'.
 */
export function countsByBar(notation: Notation): string {
  const stepsPerBar = notation.timeSignature.beats * notation.subdivision;
  const bars = new Map<string, number[]>();
  for (let bar = 0; bar < notation.bars; bar++) {
    const notes = notation.notes.filter((note) => Math.floor(note.step / stepsPerBar) === bar);
    if (notes.length === 0) continue;
    const count = countingOf(notation, notes);
    bars.set(count, [...(bars.get(count) ?? []), bar + 1]);
  }
  if (bars.size === 1) return `Count "${[...bars.keys()][0]}"`;
  const parts = [...bars].map(
    ([count, numbers]) =>
      `"${count}" in bar${numbers.length === 1 ? '' : 's'} ${listed(numbers.map(String))}`,
  );
  return `Count ${listed(parts)}`;
}
