import type { LevelIndex } from '../rules/levels.js';
import type { LessonFocus } from '../rules/skills.js';
import type { ExerciseType, Notation } from './exercise.js';

/** An exercise before it gets its lesson id, level names and video link. */
export interface ExerciseDraft {
  /** Position inside the family's id range, 1 to FAMILY_ID_RANGE - 1; see `slotOf`. */
  slot: number;
  name: string;
  focus: LessonFocus;
  minLevel: LevelIndex;
  maxLevel: LevelIndex;
  padSufficient: boolean;
  description: string;
  startBpm: number;
  repetitions: number;
  /** Minutes. */
  practiceTime: number;
  type: ExerciseType;
  notation: Notation;
}

/**
 * A family of related exercises (one rudiment, one groove style, one kind of fill...). Its exercises get
 * lesson ids `FAMILY_ID_RANGE * index + slot`, so a family growing never moves another family's ids.
 */
export interface ExerciseFamily {
  /** Stable forever once published; see FAMILY_INDEX. */
  index: number;
  key: string;
  build(): ExerciseDraft[];
}

export const FAMILY_ID_RANGE = 10_000;

/**
 * Family indexes by block. Never renumber: lesson ids are stored in users' histories.
 * 1-2 warm-ups, 5 beginner course, 10-49 the 40 PAS rudiments (10 + PAS number - 1), 50-59 hand speed,
 * 60-69 independence, 70-89 groove styles, 90-99 groove feel and sound, 100-109 fills, 110-119 timing.
 * Inside a skill's block the Drum Pad families follow the kit ones: 65-67 pad independence, 104-107 pad
 * fills (one per fill length), 116-119 pad timing.
 */
export const FAMILY_BLOCKS = {
  warmUpKit: 1,
  warmUpPad: 2,
  beginnerCourse: 5,
  rudiments: 10,
  handSpeed: 50,
  independence: 60,
  grooves: 70,
  grooveFeel: 90,
  fills: 100,
  timing: 110,
  padIndependence: 65,
  padFills: 104,
  padTiming: 116,
} as const;

/**
 * Slot of a variant from its coordinates (variation, level, ...) in a mixed-radix number with fixed
 * capacities. Adding a variation or a tempo step inside the capacities never changes existing slots.
 */
export function slotOf(coordinates: readonly number[], capacities: readonly number[]): number {
  if (coordinates.length !== capacities.length) throw new Error('slotOf: coordinates and capacities differ');
  let slot = 0;
  coordinates.forEach((value, i) => {
    const capacity = capacities[i] ?? 1;
    if (!Number.isInteger(value) || value < 0 || value >= capacity) {
      throw new RangeError(`slotOf: coordinate ${i} = ${value} outside 0..${capacity - 1}`);
    }
    slot = slot * capacity + value;
  });
  const result = slot + 1;
  if (result >= FAMILY_ID_RANGE) throw new RangeError(`slotOf: slot ${result} exceeds the family range`);
  return result;
}

/** Joins sentences into a description, dropping empty ones. */
export const sentences = (...parts: (string | false | undefined)[]): string =>
  parts.filter((part): part is string => typeof part === 'string' && part.length > 0).join(' ');
