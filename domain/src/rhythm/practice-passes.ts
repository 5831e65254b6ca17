import type { Notation } from '../catalogue/exercise.js';
import { beatsPerBarOf } from './practice-program.js';

/** Seconds one pass of the pattern (all its bars) lasts at `bpm`, counted in the beats the metronome plays. */
export const secondsPerPass = (notation: Notation, bpm: number): number =>
  (notation.bars * beatsPerBarOf({ notation }) * 60) / bpm;

/**
 * How many passes of the pattern fill the lesson's practice time at its planned tempo: the card's "N×",
 * so the repetitions and the minutes say the same thing (at least one pass).
 */
export const passesForPracticeTime = (notation: Notation, practiceMinutes: number, bpm: number): number =>
  Math.max(1, Math.round((practiceMinutes * 60) / secondsPerPass(notation, bpm)));

/**
 * What the card and the practice sheet say about the passes: "24 passes of the pattern at 48 bpm". Where the
 * music writes identical bars once (`written`: sheet-music's writtenRepeat), its "N×" counts the written
 * bars, so the sentence names that count first, in the same words: "108× the written bar (54 passes of the
 * pattern) at 86 bpm".
 */
export const passesSentence = (
  passes: number,
  bpm: number,
  written?: { bars: number; times: number },
): string => {
  const ofThePattern = `${passes} ${passes === 1 ? 'pass' : 'passes'} of the pattern`;
  if (!written || written.times === passes) return `${ofThePattern} at ${bpm} bpm`;
  const bars = written.bars === 1 ? 'bar' : `${written.bars} bars`;
  return `${written.times}× the written ${bars} (${ofThePattern}) at ${bpm} bpm`;
};

/** The pass being played (1-based) at bar `barNumber` of a run (bars counted after the count-in). */
export const passAt = (notation: Pick<Notation, 'bars'>, barNumber: number): number =>
  Math.floor(Math.max(0, barNumber) / notation.bars) + 1;
