import type { NoteEvent, Notation, Voice } from '@stickwork/domain';

/** Lines top to bottom of the staff; the open hi-hat shares the hi-hat's line (as `o`). */
const LINES: { label: string; voices: readonly Voice[] }[] = [
  { label: 'Crash', voices: ['crash'] },
  { label: 'China', voices: ['china'] },
  { label: 'Ride bell', voices: ['ride_bell'] },
  { label: 'Ride', voices: ['ride'] },
  { label: 'Hi-hat', voices: ['hi_hat', 'hi_hat_open'] },
  { label: 'Cowbell', voices: ['cowbell'] },
  { label: 'High tom', voices: ['high_tom'] },
  { label: 'Mid tom', voices: ['mid_tom'] },
  { label: 'Snare', voices: ['snare'] },
  { label: 'Rim click', voices: ['rim_click'] },
  { label: 'Pad', voices: ['pad'] },
  { label: 'Floor tom', voices: ['floor_tom'] },
  { label: 'Bass drum', voices: ['bass_drum'] },
  { label: 'Hi-hat foot', voices: ['hi_hat_foot'] },
];

const ORNAMENT_MARKS = { flam: 'f', drag: 'd', buzz: 'z' } as const;

/**
 * One step's mark, in the catalogue's own pattern language: `x` note, `X` accent, `g` ghost,
 * `o` open hi-hat, `f`/`d`/`z` flam, drag, buzz (upper case when accented).
 */
const markOf = (note: NoteEvent): string => {
  const mark = note.ornament
    ? ORNAMENT_MARKS[note.ornament]
    : note.ghost
      ? 'g'
      : note.voice === 'hi_hat_open'
        ? 'o'
        : 'x';
  return note.accent ? mark.toUpperCase() : mark;
};

/**
 * A notation as a text drum chart: a count line, one line per voice used (a character per
 * grid step, `-` for a rest, `|` between bars) and the sticking line (R, L, B both, K foot).
 */
export const notationGrid = (notation: Notation): string[] => {
  const { beats } = notation.timeSignature;
  const { subdivision, bars } = notation;
  const perBar = beats * subdivision;
  const bar = (cell: (step: number) => string) =>
    `|${Array.from({ length: bars }, (_, b) =>
      Array.from({ length: perBar }, (_, s) => cell(b * perBar + s)).join(''),
    ).join('|')}|`;

  const rows: [string, string][] = [
    ['', bar((step) => (step % subdivision === 0 ? String(((step % perBar) / subdivision + 1) % 10) : ' '))],
  ];
  for (const { label, voices } of LINES) {
    const notes = notation.notes.filter((note) => voices.includes(note.voice));
    if (notes.length === 0) continue;
    const byStep = new Map(notes.map((note) => [note.step, note]));
    rows.push([label, bar((step) => (byStep.has(step) ? markOf(byStep.get(step)!) : '-'))]);
  }
  const sticking = new Map<number, string>();
  for (const note of notation.notes) {
    if (!note.sticking) continue;
    const mark = note.sticking === 'F' ? 'K' : note.sticking;
    // A hand wins over a foot on the same step: the hands are what the sticking line teaches.
    if (!sticking.has(note.step) || sticking.get(note.step) === 'K') sticking.set(note.step, mark);
  }
  if (sticking.size > 0) rows.push(['Sticking', bar((step) => sticking.get(step) ?? ' ')]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, cells]) => `${label.padEnd(width)} ${cells}`.trimEnd());
};
