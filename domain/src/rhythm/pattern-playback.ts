import type { Notation } from '../catalogue/exercise.js';
import type { PracticeProgram } from './practice-program.js';
import { advanceSequence, startSequence, type TimedSound } from './sequencer.js';
import { timeAtBeat } from './tempo-clock.js';

/**
 * Every sound of one pass through `notation` at a steady `bpm` as the pattern player plays it, seconds
 * from the first beat (the count-in's when `countIn`): the count-in clicks, then the drum strokes with
 * their velocities and the grace strokes of flams, drags and buzzes (no metronome click in the bars).
 */
export const patternPlayback = (
  notation: Notation,
  { bpm, countIn = true }: { bpm: number; countIn?: boolean },
): TimedSound[] => {
  const program: PracticeProgram = {
    notation,
    pattern: 'audible',
    click: { enabled: true, subdivision: 1, accentFirstBeat: true },
    countIn,
    gap: null,
    trainer: null,
  };
  const beats =
    (countIn ? 1 : 0) * notation.timeSignature.beats + notation.timeSignature.beats * notation.bars;
  const start = startSequence(0, program, bpm);
  const { sounds } = advanceSequence(start, program, bpm, timeAtBeat(start.clock, beats) - 1e-9);
  const countInEnd = timeAtBeat(start.clock, (countIn ? 1 : 0) * notation.timeSignature.beats) - 1e-9;
  return sounds.filter((entry) => entry.sound.kind === 'drum' || entry.time < countInEnd);
};
