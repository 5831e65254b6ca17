import { planBeat, type PlannedSound, type PracticePosition } from './beat-plan.js';
import type { PracticeProgram } from './practice-program.js';
import { retempo, startClock, timeAtBeat, type TempoClock } from './tempo-clock.js';

/**
 * The look-ahead scheduler's pure half: which sounds fall before a horizon on the audio clock. The engine
 * calls `advanceSequence` every few milliseconds with `horizon = currentTime + look-ahead` and starts each
 * returned sound at its `time`; the tempo may change between calls and takes effect at the next beat.
 */
export interface SequencerState {
  clock: TempoClock;
  /** The first beat not planned yet (count-in beats included). */
  nextBeat: number;
}

export interface TimedSound {
  /** Seconds on the audio clock. */
  time: number;
  sound: PlannedSound;
}

export interface TimedPosition {
  time: number;
  position: PracticePosition;
}

/** A run whose first beat sounds at `startTime`. */
export const startSequence = (startTime: number, program: PracticeProgram, bpm: number): SequencerState => ({
  clock: startClock(startTime, planBeat(program, 0, bpm).bpm),
  nextBeat: 0,
});

/** Plans every beat that starts before `horizon`; returns the new state, the sounds and the positions. */
export const advanceSequence = (
  state: SequencerState,
  program: PracticeProgram,
  bpm: number,
  horizon: number,
): { state: SequencerState; sounds: TimedSound[]; positions: TimedPosition[] } => {
  let { clock, nextBeat } = state;
  const sounds: TimedSound[] = [];
  const positions: TimedPosition[] = [];
  while (timeAtBeat(clock, nextBeat) < horizon) {
    const plan = planBeat(program, nextBeat, bpm);
    clock = retempo(clock, nextBeat, plan.bpm);
    for (const { at, offset, sound } of plan.sounds) {
      sounds.push({ time: timeAtBeat(clock, nextBeat + at) + offset, sound });
    }
    for (const { at, position } of plan.positions) {
      positions.push({ time: timeAtBeat(clock, nextBeat + at), position });
    }
    nextBeat++;
  }
  return { state: { clock, nextBeat }, sounds, positions };
};
