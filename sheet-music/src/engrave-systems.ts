import { writtenSticking, type Notation } from '@stickwork/domain';
import type { Stave, StaveNote } from 'vexflow/bravura';
import { Formatter, Glyph, Modifier, Stem, SVGContext } from 'vexflow/bravura';
import { stepsPerBar, type EngravedBar, type EngravedStroke } from './engrave-bar.js';
import {
  BARLINE_WIDTH,
  layoutSheet,
  NOTE_PADDING,
  STAFF_TOP,
  staveFor,
  type LayoutOptions,
} from './sheet-layout.js';

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

/**
 * Where a bar of the notation sits across its system, in SVG units (for highlighting the bar playing). A
 * bar written once for several identical bars has an entry for each of them, at the same place.
 */
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
  /**
   * The size to show the line at, relative to the width asked for (drawn `width * scale` wide): the same
   * for every line of a sheet, below 1 when its densest bar needs more room than the width holds.
   */
  scale: number;
}

export type SystemOptions = LayoutOptions;

const STAFF_SPACE = 10;
// Sticking letters are bold and large enough to read on the PDF (about 10 pt) and on a phone.
const STICKING_SIZE = 15;
const STICKING_LINE = 15;
// VexFlow spaces notes by a softmax of their durations; above its default (10) a long note gets visibly more room.
const SOFTMAX_FACTOR = 40;
// VexFlow's size for a repeat sign.
const SIMILE_POINT = 40;

/** The class that marks a written note with its grid step, so a player can light the notes sounding now. */
export const stepClass = (step: number): string => `step-${step}`;

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
      // Marks above an up-stem note stack: accent, open hi-hat's o, closing hi-hat's +.
      const marksAbove = note
        .getModifiersByType('Articulation')
        .filter((mark) => mark.getPosition() === Modifier.Position.ABOVE).length;
      if (note.getStemDirection() === Stem.UP) noteTop -= marksAbove * ARTICULATION_HEIGHT;
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

/**
 * VexFlow names each note's group `vf-<id>`; add the note's step classes to that group once drawn: one for
 * each bar the written bar stands for, so the note is lit whichever of them is playing.
 */
function markSteps(svg: SVGSVGElement, strokes: readonly EngravedStroke[], barStarts: number[]): void {
  for (const stroke of strokes) {
    const id = stroke.note.getAttribute('id') as string;
    const group = svg.querySelector(`[id="vf-${id}"]`);
    const steps = barStarts.map((barStart) => stepClass(barStart + stroke.step));
    group?.setAttribute('class', [group.getAttribute('class') ?? '', ...steps].join(' ').trim());
  }
}

/** A one-bar repeat sign in the middle of the bar: play the bar before again. */
function drawSimile(context: SVGContext, stave: Stave): void {
  const glyph = new Glyph('repeat1Bar', SIMILE_POINT);
  const width = glyph.getMetrics().width;
  const middle = (stave.getNoteStartX() + stave.getNoteEndX()) / 2;
  context.openGroup('simile');
  Glyph.renderGlyph(context, middle - width / 2, stave.getYForLine(2), SIMILE_POINT, 'repeat1Bar');
  context.closeGroup();
}

/** Where a bar is cut between two lines: a dashed barline, as engravers mark a bar that goes on. */
function drawCut(context: SVGContext, stave: Stave): void {
  const x = stave.getX() + stave.getWidth() + BARLINE_WIDTH / 2;
  context.openGroup('bar-cut');
  context.save();
  context.setLineWidth(BARLINE_WIDTH);
  context.setStrokeStyle('#333333');
  context.setLineDash([4, 3]);
  context.beginPath();
  context.moveTo(x, stave.getTopLineTopY());
  context.lineTo(x, stave.getBottomLineBottomY());
  context.stroke();
  context.restore();
  context.closeGroup();
}

/**
 * Engraves a notation as systems of bars on a percussion staff: clef on each system, time signature on
 * the first, repeat barlines when the pattern is played more than once, sticking letters underneath. The
 * lines are laid out by `layoutSheet`: bars kept whole, identical bars written once, one size for all.
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
  const layout = layoutSheet(notation, options);
  const split = layout.stemLayout === 'split';
  const muted = new Set(notation.click?.mutedBars ?? []);
  const sticking = writtenSticking(notation);

  return layout.lines.map(({ width, pieces }, systemIndex) => {
    const container = document.createElement('div');
    const context = new SVGContext(container);
    context.resize(width, STAFF_TOP * 3);
    const labels: SheetLabel[] = [];
    const placed: SystemBar[] = [];
    let extent: Extent = { top: STAFF_TOP, bottom: STAFF_TOP + 4 * STAFF_SPACE };
    const stickings: { x: number; letters: readonly string[] }[] = [];
    pieces.forEach((piece, index) => {
      const { bar, x, width: barWidth } = piece;
      const stave = staveFor(notation, x, barWidth, {
        clef: index === 0,
        time: systemIndex === 0 && index === 0,
        begin: piece.begin,
        end: piece.end,
      });
      stave.setContext(context).draw();
      if (piece.end === 'cut') drawCut(context, stave);
      for (const copy of piece.bars) {
        const previous = placed.find((entry) => entry.bar === copy);
        if (previous) previous.width += barWidth;
        else placed.push({ bar: copy, x, width: barWidth });
      }
      if (muted.has(bar) && piece.firstBeat === 0)
        labels.push({
          x: stave.getNoteStartX(),
          y: 0,
          text: 'click silent',
          size: 10,
          align: 'left',
          italic: true,
        });
      if (piece.end === 'repeat')
        labels.push({ x: x + barWidth, y: 0, text: `${layout.times}×`, size: 11, align: 'right' });
      if (piece.simile) return drawSimile(context, stave);
      const engraved = piece.engrave();
      for (const voice of engraved.voices)
        for (const tickable of voice.getTickables()) tickable.setStave(stave);
      new Formatter({ softmaxFactor: SOFTMAX_FACTOR })
        .joinVoices(engraved.voices)
        .format(
          engraved.voices,
          stave.getNoteEndX() - stave.getNoteStartX() - NOTE_PADDING - 8 - (piece.end === 'repeat' ? 10 : 0),
          {
            align_rests: false,
          },
        );
      centreBarRests(engraved, stave);
      // Beams lengthen their stems; do it before drawing so accents clear the beam.
      for (const beam of engraved.beams) beam.postFormat();
      for (const voice of engraved.voices) voice.draw(context, stave);
      const offset = piece.firstBeat * notation.subdivision;
      const barStarts = piece.lights.map((copy) => copy * stepsPerBar(notation) + offset);
      markSteps(context.svg, engraved.strokes, barStarts);
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
      const barStart = barStarts[0] ?? 0;
      for (const { step, letters } of sticking) {
        const letterX = stepX.get(step - barStart);
        if (letterX !== undefined) stickings.push({ x: letterX, letters });
      }
      const barExtent = inkExtent(engraved);
      extent = {
        top: Math.min(extent.top, barExtent.top),
        bottom: Math.max(extent.bottom, barExtent.bottom),
      };
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
      bars: placed.sort((a, b) => a.bar - b.bar),
      scale: layout.scale,
    };
  });
}
