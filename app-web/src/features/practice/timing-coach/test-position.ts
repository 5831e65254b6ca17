import type { PracticePosition } from '@stickwork/domain';

/** For tests: a moment of a one-bar pattern at 120 bpm (step null and countIn: the count-in). */
export const testPosition = (step: number | null, countIn = false): PracticePosition => ({
  step,
  bar: 0,
  beat: step ?? 0,
  countIn,
  silent: false,
  bpm: 120,
  barNumber: 0,
});
