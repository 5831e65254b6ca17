import type { Exercise, Notation, Voice } from './exercise.js';
import {
  COUNT_SYLLABLES,
  NOTE_VALUE_NAMES,
  countedDivision,
  noteValueAt,
  stickingLettersOf,
  voicesOf,
} from './notation-text.js';

/**
 * Names a lesson's words use for the voices of the kit, longest first so "hi-hat foot" is not read as
 * "hi-hat". A name is satisfied by any of its voices on the sheet.
 */
const VOICE_NAMES: readonly [RegExp, readonly Voice[]][] = [
  [/\bhi-hat foot\b/gi, ['hi_hat_foot']],
  [/\bopen (?:hi-)?hat\b/gi, ['hi_hat_open']],
  [/\bhi-hats?\b/gi, ['hi_hat', 'hi_hat_open', 'hi_hat_foot']],
  [/\bride bell\b/gi, ['ride_bell']],
  [/\bride\b/gi, ['ride', 'ride_bell']],
  [/\bcrash(?: cymbal)?\b/gi, ['crash']],
  [/\bchina\b/gi, ['china']],
  [/\bcowbell\b/gi, ['cowbell']],
  [/\b(?:cross-stick|rim click)\b/gi, ['rim_click']],
  [/\bsnare(?: drum)?\b/gi, ['snare']],
  [/\bhigh tom\b/gi, ['high_tom']],
  [/\bmid tom\b/gi, ['mid_tom']],
  [/\bfloor tom\b/gi, ['floor_tom']],
  [/\btoms\b/gi, ['high_tom', 'mid_tom', 'floor_tom']],
  [/\b(?:bass drum|kick)\b/gi, ['bass_drum']],
];

/** A voice named after these words is one the lesson leaves out or plays instead of, not one it shows. */
const NOT_PLAYED = /\b(?:no|or)\s+$/i;

/** A clause naming what a lesson plays in place of, or leaves out. */
const REPLACED = /\b(?:instead of|in place of|without)\b[^,.;:)]*/gi;

function unplayedVoices(text: string, voices: ReadonlySet<Voice>): string[] {
  let rest = text.replace(REPLACED, (clause) => ' '.repeat(clause.length));
  const missing: string[] = [];
  for (const [pattern, satisfiedBy] of VOICE_NAMES) {
    rest = rest.replace(pattern, (name: string, offset: number) => {
      const before = rest.slice(Math.max(0, offset - 20), offset);
      if (!NOT_PLAYED.test(before) && !satisfiedBy.some((voice) => voices.has(voice))) missing.push(name);
      return ' '.repeat(name.length);
    });
  }
  return [...new Set(missing.map((name) => name.toLowerCase()))];
}

/** Spelled-out note values and the usual short forms, each with the value it claims. */
const NOTE_VALUE_WORDS: readonly [RegExp, number][] = [
  ...Object.entries(NOTE_VALUE_NAMES).map(([value, name]): [RegExp, number] => [
    new RegExp(`\\b${name}\\b`, 'gi'),
    Number(value),
  ]),
  [/\b16th-note triplets\b/gi, 24],
  [/\b(?:16ths|16th notes)\b/gi, 16],
  [/\b(?:32nds|32nd notes)\b/gi, 32],
];

function missingNoteValues(text: string, notation: Notation): string[] {
  const present = new Set(notation.notes.map((note) => noteValueAt(notation, note.step)));
  // A quarter-note triplet starts on every other eighth-note triplet.
  if (present.has(12)) present.add(6);
  let rest = text;
  const missing: string[] = [];
  for (const [pattern, value] of NOTE_VALUE_WORDS) {
    rest = rest.replace(pattern, (name: string) => {
      // A claimed value needs a note that needs it: "sixteenth notes" a note off the eighth-note grid.
      if (value > 4 && !present.has(value)) missing.push(name);
      return ' '.repeat(name.length);
    });
  }
  return [...new Set(missing)];
}

const DIVISION_BY_SYLLABLES = new Map(
  Object.entries(COUNT_SYLLABLES).map(([division, syllables]) => [syllables.join(' '), Number(division)]),
);

/** A quoted count such as "1 e & a 2 e & a": its beats and its division of the beat, or why it is not one. */
function readCount(words: string[]): { beats: number; division: number } | string {
  const beats: string[][] = [];
  for (const word of words) {
    if (/^\d+$/.test(word)) {
      if (Number(word) !== beats.length + 1) return 'beats are not numbered 1, 2, 3…';
      beats.push([]);
    } else beats.at(-1)?.push(word);
  }
  const patterns = new Set(beats.map((syllables) => syllables.join(' ')));
  const [pattern = ''] = patterns;
  const division = DIVISION_BY_SYLLABLES.get(pattern);
  if (patterns.size !== 1 || division === undefined) return 'beats are divided unevenly';
  return { beats: beats.length, division };
}

const COUNT = /"(1(?: (?:\d+|&|e|a|trip|let|la|li|ta))*)"/g;

/** Every quoted count: numbered through the meter's beats (or one beat as an example), each note on a syllable. */
function countingProblems(text: string, notation: Notation): string[] {
  const problems: string[] = [];
  const { beats, beatUnit } = notation.timeSignature;
  const divisions: number[] = [];
  const counts = text
    .split(/(?<=[.;])\s+/)
    .filter((sentence) => /\bcount/i.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(COUNT)]);
  for (const [, count = ''] of counts) {
    const read = readCount(count.split(' '));
    if (typeof read === 'string') problems.push(`the count "${count}": ${read}`);
    else if (read.beats !== 1 && read.beats !== beats)
      problems.push(
        `the count "${count}" has ${read.beats} beats, the meter ${beats}/${beatUnit} has ${beats}`,
      );
    else divisions.push(read.division);
  }
  if (divisions.length === 0) return problems;
  const needed = countedDivision(notation);
  const counted = Math.max(...divisions);
  if (!divisions.some((division) => division % needed === 0) && !coversEveryNote(divisions, notation))
    problems.push(`the count leaves notes between its syllables (the notes need ${needed} a beat)`);
  // A count no finer than the sheet: "1 e & a" over 8th notes names 16ths the drummer never sees. (In 6/8,
  // 9/8 and 12/8 every eighth is already a number: an "&" is a sixteenth, counted only where one is played.)
  if (counted > needed && counted % needed === 0)
    problems.push(
      `the count divides the ${beats}/${beatUnit} beats into ${counted}, finer than the sheet, whose notes need only ${needed}`,
    );
  return problems;
}

/** Straight and swung bars side by side are counted with one count each: every note must be on one of them. */
const coversEveryNote = (divisions: number[], notation: Notation): boolean =>
  notation.notes.every((note) =>
    divisions.some(
      (division) => (note.step % notation.subdivision) % (notation.subdivision / division) === 0,
    ),
  );

/** Letters explained as "X = …" must be sticking letters of the notation (the sheet writes its letters). */
function legendProblems(text: string, notation: Notation): string[] {
  const letters = stickingLettersOf(notation.notes);
  return [...text.matchAll(/\b([A-Z]) = /g)]
    .map(([, letter = '']) => letter)
    .filter((letter) => !letters.has(letter as never))
    .map((letter) => `explains the sticking letter ${letter}, which the notation does not use`);
}

const NUMBERS: Record<string, number> = {
  a: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
};
const numberOf = (word: string): number | undefined =>
  NUMBERS[word.toLowerCase()] ?? (/^\d+$/.test(word) ? Number(word) : undefined);

/** Lengths the words give the sheet: "loop the bar", "the 2 bars", "four bars:", a fill and the groove before it. */
function barProblems(text: string, notation: Notation): string[] {
  const problems: string[] = [];
  const { bars } = notation;
  const beatsPerBar = notation.timeSignature.beats;
  const claim = (claimed: number, what: string) => {
    if (claimed !== bars) problems.push(`${what} for a sheet of ${bars} bar${bars === 1 ? '' : 's'}`);
  };
  for (const [phrase] of text.matchAll(/\b(?:loop|play) the bar\b/gi)) claim(1, `"${phrase}"`);
  for (const [phrase] of text.matchAll(/\b(?:loop|play) both bars\b/gi)) claim(2, `"${phrase}"`);
  for (const [phrase, count = ''] of text.matchAll(
    /\b(?:the|over|for) (\d+|two|three|four|five|six|seven|eight)(?: |-)bars?\b(?! of| fill)/gi,
  ))
    claim(numberOf(count) ?? NaN, `"${phrase}"`);
  for (const [phrase, count = ''] of text.matchAll(/^(?:[^.]*, )?(two|three|four|eight) bars:/gim))
    claim(numberOf(count) ?? NaN, `"${phrase}"`);

  const fill = /\b(\d+)-(beat|bar) fill\b/i.exec(text);
  const before =
    /\bafter (?:(a|one|two|three|four) bars?)?(?: and )?(?:(a|one|two|three) beats?)? of\b/i.exec(text);
  if (/\bor more\b/i.test(text) && /\bafter\b[^.]*\bbars?\b[^.]*\bor more\b/i.test(text))
    problems.push('gives the groove before the fill no exact length');
  if (fill && before && (before[1] || before[2])) {
    const fillBeats = Number(fill[1]) * (fill[2]?.toLowerCase() === 'bar' ? beatsPerBar : 1);
    const grooveBeats = (numberOf(before[1] ?? '') ?? 0) * beatsPerBar + (numberOf(before[2] ?? '') ?? 0);
    if (fillBeats + grooveBeats !== bars * beatsPerBar)
      problems.push(
        `"${before[0]}" and a ${fill[0]} make ${fillBeats + grooveBeats} beats, the sheet has ${bars * beatsPerBar}`,
      );
  }
  return problems;
}

/**
 * Everything a lesson's name and description claim about its sheet that the notation does not show: note
 * values no note needs, voices that never play, sticking letters that never appear, counts that do not fit
 * the meter or leave notes uncounted, and bar lengths the sheet does not have. Empty when the words and the
 * sheet agree.
 */
export function textProblems(exercise: Pick<Exercise, 'name' | 'description_text' | 'notation'>): string[] {
  const { notation } = exercise;
  const text = `${exercise.name}. ${exercise.description_text}`;
  const voices = voicesOf(notation);
  return [
    ...missingNoteValues(text, notation).map((name) => `names ${name}, which no note of the sheet needs`),
    ...unplayedVoices(text, voices).map((name) => `names the ${name}, which the sheet does not play`),
    ...legendProblems(exercise.description_text, notation),
    ...countingProblems(exercise.description_text, notation),
    ...barProblems(exercise.description_text, notation),
  ];
}
