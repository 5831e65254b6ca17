import type { Notation } from '@stickwork/domain';
import type { StaveNote } from 'vexflow/bravura';
import { engraveBar, REST_REACH } from './engrave-bar.js';
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
  /** Rests of one voice drawn on a head the other voice strikes at the same moment. */
  restsOnNotes: number;
  /** Whole-bar rests of one voice (the feet's in a fill bar) drawn on a head of the other voice in the bar. */
  barRestsOnNotes: number;
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
): number {
  const { voices, barRests } = engraveBar(notation, bar);
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
    restsOnNotes: written.reduce((count, bar) => count + restsOnOtherVoices(notation, bar), 0),
    barRestsOnNotes: written.reduce((count, bar) => count + restsOnOtherVoices(notation, bar, 'bar'), 0),
  };
}
