import { writtenSticking, type Notation } from '@stickwork/domain';
import type { StaveNote } from 'vexflow/bravura';
import { BarlineType, Formatter, Stave, Stem, SVGContext } from 'vexflow/bravura';
import {
  engraveBar,
  stemLayoutFor,
  stepsPerBar,
  type EngravedBar,
  type EngravedStroke,
  type StemLayout,
} from './engrave-bar.js';

/** Text placed over a system by the PDF writer (so it stays real, extractable text), in SVG units. */
export interface SheetLabel {
  x: number;
  y: number;
  text: string;
  size: number;
  align: 'center' | 'left' | 'right';
  italic?: boolean;
  bold?: boolean;
}

/** Where a bar of the notation sits across its system, in SVG units (for highlighting the bar playing). */
export interface SystemBar {
  /** 0-based bar of the notation. */
  bar: number;
  x: number;
  width: number;
}

/**
 * One line of music: an SVG whose coordinates start at (0, 0), plus its labels. Each written note is a
 * `<g class="vf-stavenote step-N">`, N its grid step from the start of bar 1 (`NoteEvent.step`).
 */
export interface EngravedSystem {
  svg: string;
  width: number;
  height: number;
  labels: SheetLabel[];
  bars: SystemBar[];
}

export interface SystemOptions {
  /** Width of a system in SVG units (10 units = one staff space). */
  width: number;
  /** How many times the pattern is played; more than once draws repeat barlines. */
  repetitions: number;
  /** Bars per system at most, so a page reads like a chart rather than a scroll. */
  maxBarsPerSystem?: number;
}

const STAFF_TOP = 100; // drawing origin of the top line; the SVG is cropped to the ink afterwards
const STAFF_SPACE = 10;
// Sticking letters are bold and large enough to read on the PDF (about 10 pt) and on a phone.
const STICKING_SIZE = 15;
const STICKING_LINE = 15;
const NOTE_PADDING = 14;
const STAFF_COLOUR = '#333333';
// VexFlow spaces notes by a softmax of their durations; above its default (10) a long note gets visibly more room.
const SOFTMAX_FACTOR = 40;

/**
 * Below this a line is drawn too small to read (on a phone, a bar of sextuplets would be drawn at 40 %):
 * a bar that needs more room is written over several lines, split at a beat.
 */
const MIN_READABLE_SCALE = 0.8;

/** A bar, or the beats of it written on one line when the whole bar would be drawn too small. */
interface BarPiece {
  bar: number;
  firstBeat: number;
  beats: number;
  /** Engraves the piece afresh: the bar measured for its room is not the one drawn. */
  engrave: () => EngravedBar;
  need: number;
}

/** Ways to cut a bar into equal pieces at beats: halves first; compound meters keep their dotted quarters. */
function pieceCounts({ beats, beatUnit }: Notation['timeSignature']): number[] {
  const compound = beatUnit === 8 && beats % 3 === 0;
  return Array.from({ length: beats - 1 }, (_, index) => index + 2).filter(
    (count) => beats % count === 0 && (!compound || (beats / count) % 3 === 0),
  );
}

/** Beats `firstBeat` to `firstBeat + beats` of bar `bar`, as a one-bar notation of their own. */
function pieceOf(notation: Notation, bar: number, firstBeat: number, beats: number): Notation {
  const start = bar * stepsPerBar(notation) + firstBeat * notation.subdivision;
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

/** The class that marks a written note with its grid step, so a player can light the notes sounding now. */
export const stepClass = (step: number): string => `step-${step}`;

/** Comfortable room for one column of notes, by its shortest written value: shorter notes sit closer. */
const COLUMN_WIDTH: Record<string, number> = { '64': 12, '32': 13, '16': 18, '8': 22, q: 28, h: 34, w: 40 };
const BAR_PADDING = 20;

/**
 * Horizontal room a bar needs to stay readable: one column per moment where something is written (in
 * either voice), widened for dots, ghost-note brackets and grace notes.
 */
/** VexFlow's own estimate of the room a bar's notes and modifiers take. */
function minimumNotesWidth(bar: EngravedBar): number {
  return new Formatter().joinVoices(bar.voices).preCalculateMinTotalWidth(bar.voices);
}

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

function staveFor(
  notation: Notation,
  x: number,
  width: number,
  options: { clef: boolean; time: boolean; repeatBegin: boolean; repeatEnd: boolean; final: boolean },
): Stave {
  const stave = new Stave(x, STAFF_TOP, width, { space_above_staff_ln: 0, fill_style: STAFF_COLOUR });
  if (options.clef) stave.addClef('percussion');
  if (options.time)
    stave.addTimeSignature(`${notation.timeSignature.beats}/${notation.timeSignature.beatUnit}`);
  if (options.repeatBegin) stave.setBegBarType(BarlineType.REPEAT_BEGIN);
  if (options.repeatEnd) stave.setEndBarType(BarlineType.REPEAT_END);
  else if (options.final) stave.setEndBarType(BarlineType.END);
  return stave;
}

/** Room taken before the first note by the clef, time signature and repeat sign. */
function headerWidth(notation: Notation, time: boolean, repeatBegin: boolean): number {
  const stave = staveFor(notation, 0, 500, { clef: true, time, repeatBegin, repeatEnd: false, final: false });
  return stave.getNoteStartX() - stave.getX();
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

const BEAMS: Record<string, number> = { '8': 1, '16': 2, '32': 3, '64': 4 };

/** A buzz stroke is marked with a 'z' across the stem, between the notehead and the beams or flag. */
function drawBuzz(context: SVGContext, stroke: EngravedStroke): void {
  const { note } = stroke;
  const x = note.getStemX();
  const up = note.getStemDirection() === Stem.UP;
  const { topY: tip } = note.getStemExtents();
  const ys = note.getYs();
  const head = up ? Math.min(...ys) - 5 : Math.max(...ys) + 5;
  const beamDepth = (BEAMS[note.getDuration()] ?? 0) * 7.5;
  const inner = up ? tip + beamDepth : tip - beamDepth;
  const y = inner + (head - inner) * 0.4;
  const [halfWidth, halfHeight] = [4.5, 3];
  context.save();
  context.setLineWidth(1.6);
  context.setStrokeStyle('#000000');
  context.beginPath();
  context.moveTo(x - halfWidth, y - halfHeight);
  context.lineTo(x + halfWidth, y - halfHeight);
  context.lineTo(x - halfWidth, y + halfHeight);
  context.lineTo(x + halfWidth, y + halfHeight);
  context.stroke();
  context.restore();
}

interface Extent {
  top: number;
  bottom: number;
}

const ARTICULATION_HEIGHT = 12;
const TUPLET_NUMBER_ABOVE = 14;
const TUPLET_NUMBER_BELOW = 6;

/** Vertical reach of a drawn bar's ink: noteheads, stems and beams, accents and tuplet numbers. */
function inkExtent(bar: EngravedBar): Extent {
  let top = STAFF_TOP;
  let bottom = STAFF_TOP + 4 * STAFF_SPACE;
  const marked = new Map(bar.strokes.map((stroke) => [stroke.note, stroke.events]));
  for (const voice of bar.voices) {
    for (const tickable of voice.getTickables()) {
      const note = tickable as StaveNote;
      const ys = [...note.getYs()];
      if (note.hasStem()) {
        const { topY, baseY } = note.getStemExtents();
        ys.push(topY, baseY);
      }
      let noteTop = Math.min(...ys) - 7;
      let noteBottom = Math.max(...ys) + 7;
      const events = marked.get(note) ?? [];
      const marks =
        (events.some((event) => event.accent) ? 1 : 0) +
        (events.some((event) => event.voice === 'hi_hat_open') ? 1 : 0);
      if (note.getStemDirection() === Stem.UP) noteTop -= marks * ARTICULATION_HEIGHT;
      else noteBottom += (events.some((event) => event.accent) ? 1 : 0) * ARTICULATION_HEIGHT;
      top = Math.min(top, noteTop);
      bottom = Math.max(bottom, noteBottom);
    }
  }
  for (const { tuplet, below } of bar.tuplets) {
    const y = tuplet.getYPosition();
    if (below) bottom = Math.max(bottom, y + TUPLET_NUMBER_BELOW + 8);
    else top = Math.min(top, y - TUPLET_NUMBER_ABOVE);
  }
  return { top, bottom };
}

/** A rest filling the whole bar sits in the middle of the bar, as engravers place it. */
function centreBarRests(bar: EngravedBar, stave: Stave): void {
  const middle = (stave.getNoteStartX() + stave.getNoteEndX()) / 2;
  for (const rest of bar.barRests) {
    const centre = (rest.getNoteHeadBeginX() + rest.getNoteHeadEndX()) / 2;
    rest.setXShift(rest.getXShift() + middle - centre);
  }
}

/** VexFlow names each note's group `vf-<id>`; add the note's step class to that group once drawn. */
function markSteps(svg: SVGSVGElement, strokes: readonly EngravedStroke[], barStart: number): void {
  for (const stroke of strokes) {
    const id = stroke.note.getAttribute('id') as string;
    const group = svg.querySelector(`[id="vf-${id}"]`);
    group?.setAttribute(
      'class',
      `${group.getAttribute('class') ?? ''} ${stepClass(barStart + stroke.step)}`.trim(),
    );
  }
}

/**
 * Engraves a notation as systems of bars on a percussion staff: clef on each system, time signature on
 * the first, repeat barlines when the pattern is played more than once, sticking letters underneath.
 *
 * `document` is where the SVG is built: the browser's own, or a JSDOM one on the server. VexFlow's SVG
 * backend creates its elements through the global `document`, so that must be the same document while
 * this runs (it is in a browser; app-api lends its JSDOM one for the call).
 */
export function engraveSystems(
  notation: Notation,
  options: SystemOptions,
  document: Document,
): EngravedSystem[] {
  const repeats = options.repetitions > 1;
  const layout: StemLayout = stemLayoutFor(notation);
  const firstHeader = headerWidth(notation, true, repeats);
  const otherHeader = headerWidth(notation, false, false);
  const needOf = (engraved: EngravedBar) => {
    // VexFlow's minimum can be squeezed a little, but grace notes never give way: past it they overflow.
    const graces = engraved.strokes.some((stroke) =>
      stroke.events.some((event) => event.ornament === 'flam' || event.ornament === 'drag'),
    );
    return Math.max(
      readableBarWidth(engraved),
      minimumNotesWidth(engraved) * (graces ? 1 : 0.75) + NOTE_PADDING + 8,
    );
  };
  const readable = (need: number) => options.width / (firstHeader + need) >= MIN_READABLE_SCALE;
  const { beats } = notation.timeSignature;
  const pieces = Array.from({ length: notation.bars }, (_, bar): BarPiece[] => {
    const engrave = () => engraveBar(notation, bar);
    const whole: BarPiece = { bar, firstBeat: 0, beats, engrave, need: needOf(engrave()) };
    if (readable(whole.need)) return [whole];
    let cut: BarPiece[] = [whole];
    for (const count of pieceCounts(notation.timeSignature)) {
      cut = Array.from({ length: count }, (_, index): BarPiece => {
        const firstBeat = index * (beats / count);
        const engravePiece = () => engraveBar(pieceOf(notation, bar, firstBeat, beats / count), 0, layout);
        return { bar, firstBeat, beats: beats / count, engrave: engravePiece, need: needOf(engravePiece()) };
      });
      if (cut.every((piece) => readable(piece.need))) break;
    }
    return cut;
  }).flat();
  const needs = pieces.map((piece) => piece.need);
  const plan = planSystems(needs, firstHeader, otherHeader, options.width, options.maxBarsPerSystem ?? 4);
  const split = layout === 'split';
  const muted = new Set(notation.click?.mutedBars ?? []);
  const sticking = writtenSticking(notation);

  return plan.map((systemBars, systemIndex) => {
    const first = systemIndex === 0;
    const header = first ? firstHeader : otherHeader;
    const needed = systemBars.reduce((sum, bar) => sum + (needs[bar] ?? 0), 0);
    // Short music is not stretched across the page (wide gaps read as long notes), and a last line
    // keeps the spacing of the lines above it.
    const firstNeeded = (plan[0] ?? []).reduce((sum, bar) => sum + (needs[bar] ?? 0), 0);
    const stretch = plan.length === 1 ? 2 : (options.width - firstHeader) / firstNeeded;
    // A bar too dense for the line gets the room it needs; the page then draws that line smaller.
    const width = Math.max(
      Math.min(options.width, Math.max(options.width * 0.6, header + needed * stretch)),
      header + needed,
    );
    const container = document.createElement('div');
    const context = new SVGContext(container);
    context.resize(width, STAFF_TOP * 3);
    const labels: SheetLabel[] = [];
    const placed: SystemBar[] = [];
    let x = 0;
    let extent: Extent = { top: STAFF_TOP, bottom: STAFF_TOP + 4 * STAFF_SPACE };
    const stickings: { x: number; letters: readonly string[] }[] = [];
    systemBars.forEach((pieceIndex, index) => {
      const { bar, firstBeat, ...piece } = pieces[pieceIndex]!;
      const share = piece.need / needed;
      const barWidth = (index === 0 ? header : 0) + (width - header) * share;
      const opensBar = firstBeat === 0;
      const closesBar = firstBeat + piece.beats === beats;
      const isLastBar = bar === notation.bars - 1 && closesBar;
      const stave = staveFor(notation, x, barWidth, {
        clef: index === 0,
        time: first && index === 0,
        repeatBegin: repeats && bar === 0 && opensBar,
        repeatEnd: repeats && isLastBar,
        final: isLastBar,
      });
      // A bar written over two lines has no barline where it is cut.
      if (!closesBar) stave.setEndBarType(BarlineType.NONE);
      if (!opensBar) stave.setBegBarType(BarlineType.NONE);
      stave.setContext(context).draw();
      const engraved = piece.engrave();
      for (const voice of engraved.voices)
        for (const tickable of voice.getTickables()) tickable.setStave(stave);
      new Formatter({ softmaxFactor: SOFTMAX_FACTOR })
        .joinVoices(engraved.voices)
        .format(
          engraved.voices,
          stave.getNoteEndX() - stave.getNoteStartX() - NOTE_PADDING - 8 - (repeats && isLastBar ? 10 : 0),
          {
            align_rests: false,
          },
        );
      centreBarRests(engraved, stave);
      // Beams lengthen their stems; do it before drawing so accents clear the beam.
      for (const beam of engraved.beams) beam.postFormat();
      for (const voice of engraved.voices) voice.draw(context, stave);
      const barStart = bar * stepsPerBar(notation) + firstBeat * notation.subdivision;
      markSteps(context.svg, engraved.strokes, barStart);
      for (const beam of engraved.beams) beam.setContext(context).draw();
      for (const { tuplet } of engraved.tuplets) tuplet.setContext(context).draw();
      for (const stroke of engraved.strokes) {
        if (stroke.events.some((event) => event.ornament === 'buzz')) drawBuzz(context, stroke);
      }
      // A letter sits under its stroke: the hands' note when hands and feet play at that step.
      const stepX = new Map<number, number>();
      for (const stroke of engraved.strokes) {
        const centre = (stroke.note.getNoteHeadBeginX() + stroke.note.getNoteHeadEndX()) / 2;
        if (!stepX.has(stroke.step) || stroke.limb === 'hands') stepX.set(stroke.step, centre);
      }
      for (const { step, letters } of sticking) {
        const letterX = stepX.get(step - barStart);
        if (letterX !== undefined) stickings.push({ x: letterX, letters });
      }
      const barExtent = inkExtent(engraved);
      extent = {
        top: Math.min(extent.top, barExtent.top),
        bottom: Math.max(extent.bottom, barExtent.bottom),
      };
      if (muted.has(bar) && opensBar)
        labels.push({
          x: stave.getNoteStartX(),
          y: 0,
          text: 'click silent',
          size: 10,
          align: 'left',
          italic: true,
        });
      if (repeats && isLastBar)
        labels.push({ x: x + barWidth, y: 0, text: `${options.repetitions}×`, size: 11, align: 'right' });
      const previous = placed.at(-1);
      if (previous?.bar === bar) previous.width += barWidth;
      else placed.push({ bar, x, width: barWidth });
      x += barWidth;
    });
    const top = extent.top - (labels.length > 0 ? 14 : 3);
    const stickingY = extent.bottom + (split ? 4 : 8);
    // Both hands at one moment: R written over L.
    for (const { x: letterX, letters } of stickings)
      letters.forEach((letter, row) =>
        labels.push({
          x: letterX,
          y: stickingY + row * STICKING_LINE,
          text: letter,
          size: STICKING_SIZE,
          align: 'center',
          bold: true,
        }),
      );
    const rows = Math.max(0, ...stickings.map((entry) => entry.letters.length));
    const bottom = rows > 0 ? stickingY + (rows - 1) * STICKING_LINE + STICKING_SIZE + 4 : extent.bottom + 6;
    for (const label of labels) if (label.y === 0) label.y = top + 2;
    const height = bottom - top;
    const svg = context.svg;
    svg.setAttribute('viewBox', `0 ${top} ${width} ${height}`);
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(height));
    return {
      svg: svg.outerHTML,
      width,
      height,
      labels: labels.map((label) => ({ ...label, y: label.y - top })),
      bars: placed,
    };
  });
}
