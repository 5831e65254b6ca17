import type { Exercise, Notation } from '@stickwork/domain';
import { Modifier, type Articulation, type StaveNote } from 'vexflow/bravura';
import { STAFF_PLACEMENTS } from './drum-kit-staff.js';
import { engraveBar, NoteheadParenthesis, type EngravedBar, REST_REACH, stepsPerBar } from './engrave-bar.js';
import { BARLINE_WIDTH, barContent, type PieceEnd, type SheetLayout } from './sheet-layout.js';

/**
 * The parts of a layout the check reads ('none': a piece drawn with no closing barline at all, as the
 * engraver before this check cut bars).
 */
export interface CheckedLayout extends Pick<SheetLayout, 'scale' | 'stemLayout'> {
  lines: {
    width: number;
    pieces: (Pick<SheetLayout['lines'][number]['pieces'][number], 'bar' | 'x' | 'width' | 'simile'> & {
      end: PieceEnd | 'none';
    })[];
  }[];
}

/** What the engraving check finds wrong with one sheet's layout (all zero when it is right). */
export interface EngravingFaults {
  /** Barlines drawn past the right edge of their line (clipped on the card and the PDF). */
  barlinesOutside: number;
  /** Bars going on over the next line with no mark where they are cut. */
  unmarkedCuts: number;
  /** Sizes the lines of the sheet are drawn at, beyond the first. */
  extraSizes: number;
  /** Bars engraved note for note like the bar before them (rather than written once, or as a repeat sign). */
  repeatedBars: number;
  /** Hi-hat foot heads touching another head of their column, or its ghost brackets. */
  hiHatFootsTouching: number;
  /** Open hi-hats whose next hi-hat stroke is closed but drawn without the closing +. */
  openHiHatsUnclosed: number;
  /** Closing + drawn on a stroke that closes no open hi-hat. */
  strayHiHatCloses: number;
}

const TOLERANCE = 1e-6;

/**
 * Rests of one voice drawn on a head another voice strikes at the same moment: closer to it than the
 * rest's glyph reaches (`REST_REACH`).
 */
export function restsOnOtherVoices(
  notation: Notation,
  bar: number,
  which: 'bar' | 'moment' = 'moment',
  engraved: EngravedBar = engraveBar(notation, bar),
): number {
  const { voices, barRests } = engraved;
  if (voices.length < 2) return 0;
  const moments = voices.map((voice) => {
    const heads = new Map<number, number[]>();
    const rests: { at: number; line: number; reach: number }[] = [];
    let tick = 0;
    for (const tickable of voice.getTickables()) {
      const note = tickable as StaveNote;
      const at = Math.round(tick);
      const lines = note.getKeyProps().map((props) => props.line);
      // A whole-bar rest is centred in the bar, where any of the other voice's heads may be.
      const wholeBar = barRests.includes(note);
      if (note.isRest() && wholeBar === (which === 'bar'))
        rests.push({
          at: wholeBar ? -1 : at,
          line: lines[0] ?? 0,
          reach: REST_REACH[note.getDuration()] ?? 2,
        });
      else if (!note.isRest()) heads.set(at, lines);
      tick += tickable.getTicks().value();
    }
    return { heads, rests };
  });
  return moments.reduce(
    (count, voice, index) =>
      count +
      voice.rests.filter((rest) =>
        moments.some(
          (other, otherIndex) =>
            otherIndex !== index &&
            (rest.at < 0 ? [...other.heads.values()].flat() : (other.heads.get(rest.at) ?? [])).some(
              (line) => Math.abs(line - rest.line) < rest.reach,
            ),
        ),
      ).length,
    0,
  );
}

/** A box in staff spaces: x from the stem side of the chord's heads, y up from the bottom line. */
interface Box {
  left: number;
  right: number;
  bottom: number;
  top: number;
}

/**
 * Bravura's glyphs in staff spaces, as drawn on the percussion staff: a notehead and an x are a space tall;
 * a ghost bracket reaches 0.72 of a space above and below its centre and sits 0.45 of a space wide off its
 * head's side. A displaced head sits a head's width on the stem's other side.
 */
const HEAD_WIDTH = 1.18;
const X_WIDTH = 1.1;
const BRACKET = { reach: 0.72, width: 0.45 } as const;
const STAFF_SPACE_UNITS = 10;
/** Less room than this between two glyphs of a column reads as touching on a phone. */
const CLEARANCE = 0.1;

const touching = (a: Box, b: Box): boolean =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOLERANCE &&
  Math.max(a.bottom, b.bottom) - Math.min(a.top, b.top) < CLEARANCE;

/**
 * Hi-hat foot heads that touch another head of their column (or its ghost brackets), as the engraver drew
 * the chord: heads stacked or beside the stem (displaced), brackets where they are drawn.
 */
export function hiHatFootsTouching(notation: Notation, bar: number): number {
  let count = 0;
  for (const stroke of engraveBar(notation, bar).strokes) {
    const { note } = stroke;
    const keys = note.getKeyProps();
    const foot = note.getKeys().indexOf(STAFF_PLACEMENTS.hi_hat_foot.key);
    if (foot < 0 || keys.length < 2) continue;
    const side = note.getStemDirection();
    const headBox = (index: number, width: number): Box => {
      const left = note.noteHeads[index]?.isDisplaced() ? (side > 0 ? HEAD_WIDTH : -width) : 0;
      const line = keys[index]?.line ?? 0;
      return { left, right: left + width, bottom: line - 0.5, top: line + 0.5 };
    };
    const footBox = headBox(foot, X_WIDTH);
    const others: Box[] = [];
    keys.forEach((_, index) => {
      if (index === foot) return;
      const head = headBox(index, HEAD_WIDTH);
      others.push(head);
      for (const bracket of note.getModifiersByType('Parenthesis')) {
        if (bracket.checkIndex() !== index) continue;
        const centre =
          (head.bottom + head.top) / 2 +
          (bracket instanceof NoteheadParenthesis ? bracket.lift : 0) / STAFF_SPACE_UNITS;
        const left =
          bracket.getPosition() === Modifier.Position.LEFT ? head.left - BRACKET.width : head.right;
        others.push({
          left,
          right: left + BRACKET.width,
          bottom: centre - BRACKET.reach,
          top: centre + BRACKET.reach,
        });
      }
    });
    if (others.some((box) => touching(footBox, box))) count++;
  }
  return count;
}

/**
 * The closing + of the hi-hat against the sheet's open hi-hats: open hi-hats whose next hi-hat moment (over
 * the loop's end too: the sheet is played over and over) the hands strike closed, drawn without the +
 * (`unclosed`), and + drawn where no open hi-hat is closed (`stray`), in the bars the sheet writes out
 * (`written`: a bar drawn as a repeat sign or written once for its copies is not counted). A sheet with no
 * open hi-hat is not engraved again for it: it has nothing to close (the rule's own tests cover it).
 */
export function hiHatClosingMarks(
  notation: Notation,
  written: readonly number[],
): { unclosed: number; stray: number } {
  const hiHat = (voice: string) => voice === 'hi_hat' || voice === 'hi_hat_open' || voice === 'hi_hat_foot';
  const moments = [
    ...new Set(notation.notes.filter((note) => hiHat(note.voice)).map((note) => note.step)),
  ].sort((a, b) => a - b);
  const struckAt = (step: number, voice: string) =>
    notation.notes.some((note) => note.step === step && note.voice === voice);
  const closing = new Set<number>();
  moments.forEach((step, index) => {
    const next = moments[(index + 1) % moments.length];
    if (next !== undefined && struckAt(step, 'hi_hat_open') && struckAt(next, 'hi_hat')) closing.add(next);
  });
  if (closing.size === 0 && !notation.notes.some((note) => note.voice === 'hi_hat_open'))
    return { unclosed: 0, stray: 0 };
  const perBar = stepsPerBar(notation);
  let unclosed = 0;
  let stray = 0;
  for (const bar of written)
    for (const stroke of engraveBar(notation, bar).strokes) {
      const step = bar * perBar + stroke.step;
      const plus = stroke.note
        .getModifiersByType('Articulation')
        .some(
          (mark) => (mark as Articulation).type === 'a+' && mark.getPosition() === Modifier.Position.ABOVE,
        );
      const closes = closing.has(step) && stroke.events.some((event) => event.voice === 'hi_hat');
      if (closes && !plus) unclosed++;
      if (plus && !closes) stray++;
    }
  return { unclosed, stray };
}

/**
 * Checks a sheet's layout the way a drummer reads it: every barline inside its line, a cut bar marked,
 * one size for all lines, no bar written twice, every open hi-hat closed by a + and no + elsewhere. (What
 * does not depend on the width, the rests against the other voice's heads, is `engravingProblems`'.)
 */
export function engravingFaults(notation: Notation, layout: CheckedLayout, width: number): EngravingFaults {
  const lineWidth = width / layout.scale;
  const pieces = layout.lines.flatMap((line, index) =>
    line.pieces.map((piece) => ({ ...piece, line: index })),
  );
  // VexFlow draws every closing barline (single, final, repeat) to one unit past its stave's end.
  const barlinesOutside = layout.lines.flatMap((line) =>
    line.pieces.filter(
      (piece) => piece.end !== 'none' && piece.x + piece.width + BARLINE_WIDTH > line.width + TOLERANCE,
    ),
  ).length;
  const unmarkedCuts = pieces.filter(
    (piece, index) =>
      pieces[index + 1]?.bar === piece.bar && pieces[index + 1]?.line !== piece.line && piece.end !== 'cut',
  ).length;
  const sizes = new Set(
    layout.lines.map((line) => (layout.scale * Math.min(1, lineWidth / line.width)).toFixed(3)),
  );
  const written = [...new Set(pieces.filter((piece) => !piece.simile).map((piece) => piece.bar))];
  const repeatedBars = written.filter(
    (bar) => bar > 0 && barContent(notation, bar) === barContent(notation, bar - 1),
  ).length;
  const closingMarks = hiHatClosingMarks(notation, written);
  return {
    barlinesOutside,
    unmarkedCuts,
    extraSizes: sizes.size - 1,
    repeatedBars,
    hiHatFootsTouching: written.reduce((count, bar) => count + hiHatFootsTouching(notation, bar), 0),
    openHiHatsUnclosed: closingMarks.unclosed,
    strayHiHatCloses: closingMarks.stray,
  };
}

/**
 * Strokes of a bar written off the moment they are played: each voice's notes and rests, added up, must
 * bring every stroke to its step (a triplet shared by hands and feet, 1013614's foot at 0.67 of the beat, not
 * 0.55). Returns the steps (from the start of the bar) written elsewhere.
 */
export function strokesOffTheirTime(notation: Notation, { voices, strokes }: EngravedBar): number[] {
  const perBar = stepsPerBar(notation);
  const writtenAt = new Map<StaveNote, number>();
  let barTicks = 0;
  for (const voice of voices) {
    barTicks = voice.getTotalTicks().value();
    let tick = 0;
    for (const tickable of voice.getTickables()) {
      writtenAt.set(tickable as StaveNote, tick);
      tick += tickable.getTicks().value();
    }
  }
  return strokes
    .filter((stroke) => Math.abs((writtenAt.get(stroke.note) ?? -1) - (stroke.step / perBar) * barTicks) > 1)
    .map((stroke) => stroke.step);
}

/**
 * Strokes of one voice evenly spaced across a bar whose spacing is not the beat's (a polyrhythm's hand: four
 * in the time of three, quarter-note triplets on a triplet grid) written as notes of different values or with rests between them, rather than one
 * value or one even tuplet over the bar. Returns the voices (0: the upper) written unevenly.
 */
export function unevenPulses(notation: Notation, { voices, strokes }: EngravedBar): number[] {
  const perBar = stepsPerBar(notation);
  const { subdivision } = notation;
  return voices.flatMap((voice, index) => {
    const notes = voice.getTickables() as StaveNote[];
    const steps = strokes.filter((stroke) => notes.includes(stroke.note)).map((stroke) => stroke.step);
    const [first, second] = steps;
    if (first !== 0 || second === undefined || steps.length < 3) return [];
    const even = steps.every((step, at) => step === at * second) && steps.length * second === perBar;
    // Evenly spaced on the beat (or a multiple of it) is ordinary rhythm, written beat by beat.
    if (!even || second % subdivision === 0 || subdivision % second === 0) return [];
    const values = new Set(notes.map((note) => `${note.getDuration()}${note.isRest() ? 'r' : ''}`));
    const dots = new Set(notes.map((note) => note.getModifiersByType('Dot').length));
    return values.size > 1 || dots.size > 1 ? [index] : [];
  });
}

const NAMED_VALUES: Readonly<Record<string, string>> = {
  quarter: 'q',
  quarters: 'q',
  '8ths': '8',
  eighths: '8',
  '16ths': '16',
  sixteenths: '16',
};
const HAND_VALUE = /\b(right|left) hand (quarters?|8ths|eighths|16ths|sixteenths)\b/gi;

/** A written note's value as a drummer names it: "q", "8.", "16". */
const writtenValue = (note: StaveNote): string =>
  `${note.getDuration()}${'.'.repeat(note.getModifiersByType('Dot').length)}`;

/**
 * A name's "right hand quarters" (or left hand 8ths...) against the sheet: every note that hand strikes is
 * written at that value (650005's right hand is not dotted 8th + 16th). Returns what does not match.
 */
export function namedValuesNotWritten(exercise: Pick<Exercise, 'name' | 'notation'>): string[] {
  const { notation } = exercise;
  const problems: string[] = [];
  for (const [phrase, hand = '', word = ''] of exercise.name.matchAll(HAND_VALUE)) {
    const sticking = hand.toLowerCase() === 'right' ? 'R' : 'L';
    const written = new Set<string>();
    for (let bar = 0; bar < notation.bars; bar++)
      for (const stroke of engraveBar(notation, bar).strokes)
        if (stroke.events.some((event) => event.sticking === sticking))
          written.add(writtenValue(stroke.note));
    const named = NAMED_VALUES[word.toLowerCase()];
    if ([...written].some((value) => value !== named))
      problems.push(`the name says "${phrase}", the sheet writes that hand as ${[...written].join(', ')}`);
  }
  return problems;
}

/** The bar-by-bar checks of `engravingProblems`, which depend on the notation only. */
function barProblems(notation: Notation): string[] {
  const problems: string[] = [];
  for (let bar = 0; bar < notation.bars; bar++) {
    // A bar like the one before it is engraved alike: checked once.
    if (bar > 0 && barContent(notation, bar) === barContent(notation, bar - 1)) continue;
    const where = `bar ${bar + 1}`;
    const engraved = engraveBar(notation, bar);
    const rests = restsOnOtherVoices(notation, bar, 'moment', engraved);
    if (rests > 0) problems.push(`${where}: ${rests} rest(s) drawn on another voice's heads`);
    if (restsOnOtherVoices(notation, bar, 'bar', engraved) > 0)
      problems.push(`${where}: the whole-bar rest is drawn on another voice's heads`);
    const off = strokesOffTheirTime(notation, engraved);
    if (off.length > 0)
      problems.push(`${where}: strokes written off their time (steps ${off.join(', ')} of the bar)`);
    for (const voice of unevenPulses(notation, engraved))
      problems.push(
        `${where}: the ${voice === 0 ? 'upper' : 'lower'} voice's even pulse is written unevenly`,
      );
  }
  return problems;
}

/**
 * What `stickwork catalogue validate` checks of one lesson's engraving, bar by bar, as the card and the PDF
 * draw it: rests never on another voice's heads, whole-bar rests clear of notes, every stroke written at its
 * moment and an even pulse written evenly across the voices, and a name's note values as written. One
 * message per problem; empty when the engraving is right.
 */
export function engravingProblems(exercise: Pick<Exercise, 'name' | 'notation'>): string[] {
  return [...barProblems(exercise.notation), ...namedValuesNotWritten(exercise)];
}

/**
 * `engravingProblems` of every lesson of a catalogue, each message starting "lesson <id>: engraving:". A
 * notation shared by several lessons (one pattern at several tempi: 12,867 lessons, 2,385 notations) is
 * engraved once.
 */
export function catalogueEngravingProblems(
  exercises: readonly Pick<Exercise, 'lesson_id' | 'name' | 'notation'>[],
): string[] {
  const byNotation = new Map<string, string[]>();
  return exercises.flatMap((exercise) => {
    const key = JSON.stringify(exercise.notation);
    const bars = byNotation.get(key) ?? barProblems(exercise.notation);
    byNotation.set(key, bars);
    return [...bars, ...namedValuesNotWritten(exercise)].map(
      (problem) => `lesson ${exercise.lesson_id}: engraving: ${problem}`,
    );
  });
}
