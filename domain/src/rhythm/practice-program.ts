import type { Notation } from '../catalogue/exercise.js';
import type { GapChange, GapClick } from './gap-click.js';
import type { SpeedTrainer } from './speed-trainer.js';

/** Metronome clicks per beat: quarters, eighths, triplets, sixteenths. */
export const METRONOME_SUBDIVISIONS = [1, 2, 3, 4] as const;
export type MetronomeSubdivision = (typeof METRONOME_SUBDIVISIONS)[number];

/** The three click sounds: the first beat of a bar (when accented), every other beat, the subdivisions. */
export type ClickSound = 'accent' | 'beat' | 'subdivision';

/** Whether the exercise's pattern runs: not at all, heard, or running silently (play along with the click). */
export type PatternMode = 'off' | 'audible' | 'muted';

/** Everything the practice room plays, as the drummer set it up. */
export interface PracticeProgram {
  /** The exercise; null while it loads or when there is none (the metronome alone then, in 4/4). */
  notation: Notation | null;
  pattern: PatternMode;
  click: { enabled: boolean; subdivision: MetronomeSubdivision; accentFirstBeat: boolean };
  /** One bar of count-in before whatever plays; it sounds even with the click off (the drummer needs it). */
  countIn: boolean;
  /** The gap click the run starts with. */
  gap: GapClick | null;
  /** Changes of the gap click during the run, each from the end of the cycle before it (`changeGap`). */
  gapChanges?: readonly GapChange[];
  trainer: SpeedTrainer | null;
}

/** Beats per bar: the exercise's time signature, or 4. */
export const beatsPerBarOf = (program: Pick<PracticeProgram, 'notation'>): number =>
  program.notation?.timeSignature.beats ?? 4;

/** Whether the exercise (its notation, click track and bars) is what plays, rather than the metronome alone. */
export const playsExercise = (program: Pick<PracticeProgram, 'notation' | 'pattern'>): boolean =>
  program.notation !== null && program.pattern !== 'off';

/** Bars of count-in: one when asked for, before the pattern, the trainer and the metronome alone alike. */
export const countInBarsOf = (program: PracticeProgram): number => (program.countIn ? 1 : 0);
