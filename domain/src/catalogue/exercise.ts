import type { Level } from '../rules/levels.js';
import type { LessonFocus } from '../rules/skills.js';

/** Instruments a notation can use (percussion staff lines, plus a practice pad). */
export const VOICES = [
  'hi_hat',
  'hi_hat_open',
  'hi_hat_foot',
  'ride',
  'ride_bell',
  'crash',
  'china',
  'cowbell',
  'snare',
  'rim_click',
  'high_tom',
  'mid_tom',
  'floor_tom',
  'bass_drum',
  'pad',
] as const;
export type Voice = (typeof VOICES)[number];

export type Sticking = 'R' | 'L' | 'B' /* both hands */ | 'F'; /* foot */

/** One stroke on the rhythmic grid. */
export interface NoteEvent {
  /** Grid step from the start of bar 1: bar * beats * subdivision + beat * subdivision + tick. */
  step: number;
  voice: Voice;
  sticking?: Sticking;
  accent?: boolean;
  ghost?: boolean;
  ornament?: 'flam' | 'drag' | 'buzz';
}

/** A pattern on a grid: `bars` bars of `timeSignature`, each beat split into `subdivision` steps. */
export interface Notation {
  timeSignature: { beats: number; beatUnit: 4 | 8 };
  /** Grid steps per beat: 2 eighths, 3 triplets, 4 sixteenths, 6 sextuplets, 8 thirty-seconds. */
  subdivision: 2 | 3 | 4 | 6 | 8;
  bars: number;
  notes: NoteEvent[];
  /** How the metronome plays along; absent means a click on every beat of every bar. */
  click?: ClickTrack;
  /**
   * The hands are two parts (one keeps an ostinato against the other's line), written as two voices even
   * where they never strike together: "right hand quarters" against the left on "&" are not 8ths.
   */
  handsApart?: true;
}

/** Where the metronome click sounds: on the beats, on the offbeats ("&"), on 2 and 4 only, or on 1 of each bar. */
export type ClickPlacement = 'beat' | 'offbeat' | 'backbeat' | 'bar_downbeat';

/** Metronome instructions for timing work (gap clicks, displaced pulse). */
export interface ClickTrack {
  placement: ClickPlacement;
  /** 0-based bars in which the click is silent; the pattern loops with the notation. */
  mutedBars: number[];
}

export type ExerciseType = 'warm_up' | 'exercise';

/** A catalogue entry (product-spec §3 "Lesson", plus its notation). */
export interface Exercise {
  /** Stable across generator runs; 0 is reserved for "empty schedule". */
  lesson_id: number;
  name: string;
  focus: LessonFocus;
  min_level: Level;
  max_level: Level;
  pad_sufficient: boolean;
  video_url?: string;
  description_text: string;
  start_bpm: number;
  number_repetition: number;
  /** Minutes. */
  practice_time: number;
  type: ExerciseType;
  notation: Notation;
}
