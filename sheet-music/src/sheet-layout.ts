import { barContent, writtenRepeat, type Notation } from '@stickwork/domain';
import type { StaveNote } from 'vexflow/bravura';
import { BarlineType, Formatter, Stave } from 'vexflow/bravura';
import {
  engraveBar,
  hiHatClosingSteps,
  stemLayoutFor,
  stepsPerBar,
  type EngravedBar,
  type StemLayout,
} from './engrave-bar.js';

export const STAFF_TOP = 100; // drawing origin of the top line; the SVG is cropped to the ink afterwards
const STAFF_COLOUR = '#333333';
export const NOTE_PADDING = 14;

/**
 * A line is never drawn smaller than this to keep a bar whole (on a phone, a bar of sextuplets would be
 * drawn at 40 %): a bar that still needs more room is cut at a beat, marked with a dashed barline.
 */
export const MIN_READABLE_SCALE = 0.8;
/** Spacing tried, before a smaller size, when a bar is too wide for the line: notes closer together. */
const TIGHT_SPACING = 0.8;
/** How far below VexFlow's (generous) minimum width the tight spacing may go; grace notes never give way. */
const TIGHT_SQUEEZE = 0.45;
/** VexFlow draws a closing barline one unit wide from the stave's end: the staves leave it that room. */
export const BARLINE_WIDTH = 1;

// What makes two bars alike and how often the written bars are played: music structure, in the domain
// (the card's sentence counts them without loading the engraver).
export { barContent, writtenRepeat };

/** The written bars (0-based) drawn as one-bar repeat signs: each is like the bar before it. */
export function repeatSignBars(notation: Notation): number[] {
  const written = writtenRepeat(notation, 1);
  const contents = Array.from({ length: written.bars }, (_, bar) => barContent(notation, bar));
  return contents.flatMap((content, bar) => (bar > 0 && content === contents[bar - 1] ? [bar] : []));
}

/** How a piece of a line ends: a barline, the final or repeat barline, or a dashed line where a bar is cut. */
export type PieceEnd = 'single' | 'final' | 'repeat' | 'cut';

/** A written bar, or the beats of it written on one line when the whole bar would not fit. */
export interface PlacedPiece {
  /** The written bar (0-based bar of the notation it is engraved from). */
  bar: number;
  /** Every bar of the notation it stands for: itself and the identical bars written with it. */
  bars: number[];
  firstBeat: number;
  beats: number;
  /** Room its notes are given, before the line is stretched to its width. */
  need: number;
  x: number;
  width: number;
  begin: 'plain' | 'repeat' | 'none';
  end: PieceEnd;
  /** A one-bar repeat sign (play the bar before again) rather than notes. */
  simile: boolean;
  /**
   * The bars of the notation whose notes this piece's notes show: its own, and those of the repeat signs
   * after it, so the notes are lit whichever of them is playing.
   */
  lights: number[];
  /** Engraves the piece afresh: the bar measured for its room is not the one drawn. */
  engrave: () => EngravedBar;
}

export interface LinePlan {
  width: number;
  header: number;
  pieces: PlacedPiece[];
}

/** Where everything of a sheet goes, in SVG units, before anything is drawn. */
export interface SheetLayout {
  /** One size for every line: the lines are drawn `width * scale` wide. */
  scale: number;
  /** How many times the written bars are played (more than once: repeat barlines and "N×"). */
  times: number;
  stemLayout: StemLayout;
  lines: LinePlan[];
}

/** Ways to cut a bar into equal pieces at beats: halves first; compound meters keep their dotted quarters. */
function pieceCounts({ beats, beatUnit }: Notation['timeSignature']): number[] {
  const compound = beatUnit === 8 && beats % 3 === 0;
  return Array.from({ length: beats - 1 }, (_, index) => index + 2).filter(
    (count) => beats % count === 0 && (!compound || (beats / count) % 3 === 0),
  );
}

/** `beats` beats from grid step `start` of the sheet, as a one-bar notation of their own. */
function pieceOf(notation: Notation, start: number, beats: number): Notation {
  const end = start + beats * notation.subdivision;
  return {
    ...notation,
    timeSignature: { ...notation.timeSignature, beats },
    bars: 1,
    click: undefined,
    notes: notation.notes
      .filter((note) => note.step >= start && note.step < end)
      .map((note) => ({ ...note, step: note.step - start })),
  };
}

/** Comfortable room for one column of notes, by its shortest written value: shorter notes sit closer. */
const COLUMN_WIDTH: Record<string, number> = { '64': 12, '32': 13, '16': 18, '8': 22, q: 28, h: 34, w: 40 };
const BAR_PADDING = 20;

/** VexFlow's own estimate of the room a bar's notes and modifiers take. */
function minimumNotesWidth(bar: EngravedBar): number {
  return new Formatter().joinVoices(bar.voices).preCalculateMinTotalWidth(bar.voices);
}

/**
 * Horizontal room a bar needs to stay readable: one column per moment where something is written (in
 * either voice), widened for dots, ghost-note brackets and grace notes.
 */
function readableBarWidth(bar: EngravedBar): number {
  const columns = new Map<number, { width: number; extra: number }>();
  const strokes = new Map(bar.strokes.map((stroke) => [stroke.note, stroke.events]));
  for (const voice of bar.voices) {
    let tick = 0;
    for (const tickable of voice.getTickables()) {
      const note = tickable as StaveNote;
      const events = strokes.get(note) ?? [];
      const extra =
        (note.getModifiersByType('Dot').length > 0 ? 5 : 0) +
        (events.some((event) => event.ghost) ? 14 : 0) +
        (events.some((event) => event.ornament === 'drag') ? 16 : 0) +
        (events.some((event) => event.ornament === 'flam') ? 10 : 0);
      const key = Math.round(tick);
      const column = columns.get(key) ?? { width: Number.POSITIVE_INFINITY, extra: 0 };
      column.width = Math.min(column.width, COLUMN_WIDTH[note.getDuration()] ?? 17);
      column.extra = Math.max(column.extra, extra);
      columns.set(key, column);
      tick += tickable.getTicks().value();
    }
  }
  return [...columns.values()].reduce((sum, column) => sum + column.width + column.extra, BAR_PADDING);
}

interface Room {
  comfortable: number;
  tight: number;
}

/** The room a bar needs at comfortable spacing, and at the tighter spacing tried before a smaller size. */
function roomOf(engraved: EngravedBar): Room {
  // VexFlow's minimum can be squeezed a little, but grace notes never give way: past it they overflow.
  const graces = engraved.strokes.some((stroke) =>
    stroke.events.some((event) => event.ornament === 'flam' || event.ornament === 'drag'),
  );
  const minimum = minimumNotesWidth(engraved);
  const readable = readableBarWidth(engraved);
  const squeezed = (factor: number) => minimum * (graces ? 1 : factor) + NOTE_PADDING + 8;
  return {
    comfortable: Math.max(readable, squeezed(0.75)),
    tight: Math.max(readable * TIGHT_SPACING, squeezed(TIGHT_SQUEEZE)),
  };
}

export function staveFor(
  notation: Notation,
  x: number,
  width: number,
  options: { clef: boolean; time: boolean; begin: PlacedPiece['begin']; end: PieceEnd | 'none' },
): Stave {
  const stave = new Stave(x, STAFF_TOP, width, { space_above_staff_ln: 0, fill_style: STAFF_COLOUR });
  if (options.clef) stave.addClef('percussion');
  if (options.time)
    stave.addTimeSignature(`${notation.timeSignature.beats}/${notation.timeSignature.beatUnit}`);
  if (options.begin === 'repeat') stave.setBegBarType(BarlineType.REPEAT_BEGIN);
  if (options.begin === 'none') stave.setBegBarType(BarlineType.NONE);
  if (options.end === 'repeat') stave.setEndBarType(BarlineType.REPEAT_END);
  else if (options.end === 'final') stave.setEndBarType(BarlineType.END);
  // A cut bar's dashed line is drawn by the engraver.
  else if (options.end === 'cut' || options.end === 'none') stave.setEndBarType(BarlineType.NONE);
  return stave;
}

const headers = new Map<string, number>();

/** Room taken before the first note by the clef, time signature and repeat sign. */
function headerWidth(notation: Notation, time: boolean, repeatBegin: boolean): number {
  const { beats, beatUnit } = notation.timeSignature;
  const key = `${beats}/${beatUnit}:${time}:${repeatBegin}`;
  const known = headers.get(key);
  if (known !== undefined) return known;
  const stave = staveFor(notation, 0, 500, {
    clef: true,
    time,
    begin: repeatBegin ? 'repeat' : 'plain',
    end: 'none',
  });
  const width = stave.getNoteStartX() - stave.getX();
  headers.set(key, width);
  return width;
}

/** Splits bars into systems: as many as fit (at most `max`), then evened out so the last line is not a stub. */
function planSystems(needs: number[], firstHeader: number, otherHeader: number, width: number, max: number) {
  const greedy: number[][] = [];
  let current: number[] = [];
  let used = 0;
  needs.forEach((need, bar) => {
    const header = greedy.length === 0 ? firstHeader : otherHeader;
    if (current.length > 0 && (used + need > width - header || current.length >= max)) {
      greedy.push(current);
      current = [];
      used = 0;
    }
    current.push(bar);
    used += need;
  });
  if (current.length > 0) greedy.push(current);
  const perSystem = Math.ceil(needs.length / greedy.length);
  const balanced: number[][] = [];
  for (let start = 0; start < needs.length; start += perSystem)
    balanced.push(needs.map((_, bar) => bar).slice(start, start + perSystem));
  const fits = balanced.every(
    (bars, index) =>
      bars.reduce((sum, bar) => sum + (needs[bar] ?? 0), 0) <=
      width - (index === 0 ? firstHeader : otherHeader),
  );
  return fits && balanced.length === greedy.length ? balanced : greedy;
}

interface MeasuredPiece extends Room {
  bar: number;
  firstBeat: number;
  beats: number;
  engrave: () => EngravedBar;
  /** A one-bar repeat sign standing for the bar before it. */
  simile: boolean;
}

/**
 * The room of each piece of a notation, kept while the notation is in use: a card laid out again at
 * another width, or a check at several widths, measures each bar once.
 */
const rooms = new WeakMap<Notation, Map<string, Room>>();

function cachedRoom(notation: Notation, key: string, measure: () => Room): Room {
  const known = rooms.get(notation) ?? new Map<string, Room>();
  rooms.set(notation, known);
  const room = known.get(key) ?? measure();
  known.set(key, room);
  return room;
}

/** A one-bar repeat sign's room, and the size of its glyph (VexFlow's own for a repeat note). */
export const SIMILE_ROOM: Room = { comfortable: 70, tight: 60 };

export interface LayoutOptions {
  /** Width of a system in SVG units (10 units = one staff space) at full size. */
  width: number;
  /** How many times the pattern is played; more than once draws repeat barlines. */
  repetitions: number;
  /** Bars per system at most, so a page reads like a chart rather than a scroll. */
  maxBarsPerSystem?: number;
}

/**
 * Lays a notation out in lines, keeping bars whole: identical bars are written once with the repeat count
 * multiplied; a bar too wide for the line is first spaced tighter, then every line is drawn at one smaller
 * size (down to `MIN_READABLE_SCALE`), and only then is the bar cut at a beat, the cut marked.
 */
export function layoutSheet(notation: Notation, options: LayoutOptions): SheetLayout {
  const written = writtenRepeat(notation, options.repetitions);
  const repeats = written.times > 1;
  const stemLayout = stemLayoutFor(notation);
  const closings = hiHatClosingSteps(notation);
  const firstHeader = headerWidth(notation, true, repeats);
  const otherHeader = headerWidth(notation, false, false);
  const { beats } = notation.timeSignature;
  const measure = (bar: number, firstBeat: number, pieceBeats: number): MeasuredPiece => {
    const engrave =
      pieceBeats === beats
        ? () => engraveBar(notation, bar)
        : () => {
            const start = bar * stepsPerBar(notation) + firstBeat * notation.subdivision;
            const pieceClosings = new Set([...closings].map((step) => step - start));
            return engraveBar(pieceOf(notation, start, pieceBeats), 0, stemLayout, pieceClosings);
          };
    const room = cachedRoom(notation, `${bar}:${firstBeat}:${pieceBeats}`, () => roomOf(engrave()));
    return { bar, firstBeat, beats: pieceBeats, engrave, simile: false, ...room };
  };
  // A bar like the one before it (played again) is written as a one-bar repeat sign.
  const repeatSigns = new Set(repeatSignBars(notation));
  const simile = (bar: number): MeasuredPiece => ({
    bar,
    firstBeat: 0,
    beats,
    engrave: () => engraveBar(notation, bar),
    simile: true,
    ...SIMILE_ROOM,
  });
  const room = (need: number) => firstHeader + need + BARLINE_WIDTH;
  const fitsAt = (scale: number, need: number) => room(need) <= options.width / scale + 1e-9;
  const wholes = Array.from({ length: written.bars }, (_, bar) =>
    repeatSigns.has(bar) ? simile(bar) : measure(bar, 0, beats),
  );
  const widest = Math.max(...wholes.map((piece) => room(piece.tight)));
  let scale = wholes.every((piece) => fitsAt(1, piece.tight))
    ? 1
    : Math.max(MIN_READABLE_SCALE, options.width / widest);
  const cut = (whole: MeasuredPiece): MeasuredPiece[] => {
    let pieces = [whole];
    for (const count of pieceCounts(notation.timeSignature)) {
      pieces = Array.from({ length: count }, (_, index) =>
        measure(whole.bar, index * (beats / count), beats / count),
      );
      if (pieces.every((piece) => fitsAt(scale, piece.tight))) break;
    }
    return pieces;
  };
  const measured = wholes.flatMap((whole) =>
    whole.simile || fitsAt(scale, whole.tight) ? [whole] : cut(whole),
  );
  // The bars each written bar's notes stand for: itself, its identical copies, the repeat signs after it.
  const copies = (bar: number) =>
    Array.from({ length: notation.bars / written.bars }, (_, copy) => bar + copy * written.bars);
  const lightsOf = (bar: number): number[] => {
    let last = bar;
    while (wholes[last + 1]?.simile) last++;
    return Array.from({ length: last - bar + 1 }, (_, index) => copies(bar + index)).flat();
  };
  // Pieces still too wide even cut at every beat: the whole sheet is drawn smaller still.
  scale = Math.min(scale, options.width / Math.max(...measured.map((piece) => room(piece.tight))));
  const lineWidth = options.width / scale;
  const needs = measured.map((piece) => (fitsAt(scale, piece.comfortable) ? piece.comfortable : piece.tight));
  const plan = planSystems(
    needs,
    firstHeader,
    otherHeader,
    lineWidth - BARLINE_WIDTH,
    options.maxBarsPerSystem ?? 4,
  );
  const firstNeeded = (plan[0] ?? []).reduce((sum, index) => sum + (needs[index] ?? 0), 0);

  const lines = plan.map((indexes, lineIndex): LinePlan => {
    const header = lineIndex === 0 ? firstHeader : otherHeader;
    const needed = indexes.reduce((sum, index) => sum + (needs[index] ?? 0), 0);
    // Short music is not stretched across the page (wide gaps read as long notes), and a last line
    // keeps the spacing of the lines above it.
    const stretch = plan.length === 1 ? 2 : (lineWidth - BARLINE_WIDTH - firstHeader) / firstNeeded;
    const width = Math.max(
      Math.min(lineWidth, Math.max(lineWidth * 0.6, header + needed * stretch + BARLINE_WIDTH)),
      header + needed + BARLINE_WIDTH,
    );
    let x = 0;
    const pieces = indexes.map((index, position): PlacedPiece => {
      const piece = measured[index]!;
      const need = needs[index] ?? 0;
      const pieceWidth = (position === 0 ? header : 0) + (width - BARLINE_WIDTH - header) * (need / needed);
      const opensBar = piece.firstBeat === 0;
      const closesBar = piece.firstBeat + piece.beats === beats;
      const last = piece.bar === written.bars - 1 && closesBar;
      const placed: PlacedPiece = {
        bar: piece.bar,
        bars: copies(piece.bar),
        firstBeat: piece.firstBeat,
        beats: piece.beats,
        need,
        x,
        width: pieceWidth,
        begin: !opensBar ? 'none' : repeats && piece.bar === 0 ? 'repeat' : 'plain',
        end: !closesBar ? 'cut' : last ? (repeats ? 'repeat' : 'final') : 'single',
        simile: piece.simile,
        lights: piece.simile ? [] : lightsOf(piece.bar),
        engrave: piece.engrave,
      };
      x += pieceWidth;
      return placed;
    });
    return { width, header, pieces };
  });
  return { scale, times: written.times, stemLayout, lines };
}
