import type { Notation } from '../catalogue/exercise.js';

/** A bar's strokes relative to the bar, and whether its click is silent: what makes two bars read alike. */
export function barContent(notation: Notation, bar: number): string {
  const size = notation.timeSignature.beats * notation.subdivision;
  const notes = notation.notes
    .filter((note) => Math.floor(note.step / size) === bar)
    .map((note) => ({ ...note, step: note.step - bar * size }))
    .sort((a, b) => a.step - b.step || a.voice.localeCompare(b.voice));
  return JSON.stringify([notation.click?.mutedBars.includes(bar) ?? false, notes]);
}

/**
 * The bars a sheet writes and how many times they are played: a pattern made of one shorter pattern played
 * over and over (a one-bar loop written out twice) is written once, its repeat count multiplied. Bars like
 * the one before them that remain are written as one-bar repeat signs (sheet-music's `layoutSheet`).
 */
export function writtenRepeat(notation: Notation, repetitions: number): { bars: number; times: number } {
  // A gap click counts bars through the silence: its bars are written out, as its text numbers them.
  if ((notation.click?.mutedBars.length ?? 0) > 0) return { bars: notation.bars, times: repetitions };
  const contents = Array.from({ length: notation.bars }, (_, bar) => barContent(notation, bar));
  const period =
    Array.from({ length: notation.bars }, (_, index) => index + 1).find(
      (length) =>
        notation.bars % length === 0 && contents.every((content, bar) => content === contents[bar % length]),
    ) ?? notation.bars;
  return { bars: period, times: repetitions * (notation.bars / period) };
}
