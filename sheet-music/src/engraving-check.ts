import type { Notation } from '@stickwork/domain';
import type { StaveNote } from 'vexflow/bravura';
import { engraveBar } from './engrave-bar.js';
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
  /** Rests of one hand written where the other hand strikes (the hands written as two voices). */
  restsOnNotes: number;
}

const TOLERANCE = 1e-6;

/** Rests of one voice that start where another voice of the same bar has a note. */
export function restsOnOtherVoices(notation: Notation, bar: number): number {
  const { voices } = engraveBar(notation, bar);
  if (voices.length < 2) return 0;
  const starts = voices.map((voice) => {
    const notes = new Set<number>();
    const rests: number[] = [];
    let tick = 0;
    for (const tickable of voice.getTickables()) {
      const at = Math.round(tick);
      if ((tickable as StaveNote).isRest()) rests.push(at);
      else notes.add(at);
      tick += tickable.getTicks().value();
    }
    return { notes, rests };
  });
  return starts.reduce(
    (count, voice, index) =>
      count +
      voice.rests.filter((at) =>
        starts.some((other, otherIndex) => otherIndex !== index && other.notes.has(at)),
      ).length,
    0,
  );
}

/**
 * Checks a sheet's layout the way a drummer reads it: every barline inside its line, a cut bar marked,
 * one size for all lines, no bar written twice, no rest on another voice's note.
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
  return {
    barlinesOutside,
    unmarkedCuts,
    extraSizes: sizes.size - 1,
    repeatedBars,
    // Hands and feet are written apart (feet below the staff); the two hands share its noteheads.
    restsOnNotes:
      layout.stemLayout === 'hands-apart'
        ? written.reduce((count, bar) => count + restsOnOtherVoices(notation, bar), 0)
        : 0,
  };
}
