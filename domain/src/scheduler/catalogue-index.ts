import type { Exercise } from '../catalogue/exercise.js';
import { levelIndex, MAX_LEVEL_INDEX } from '../rules/levels.js';
import type { LessonFocus } from '../rules/skills.js';

/** Exercises of one focus per level index 0-7: every one, and the Drum Pad ones. */
interface FocusBuckets {
  all: Exercise[][];
  pad: Exercise[][];
}

/**
 * The catalogue arranged by focus × level × pad mode, built once at start-up so a schedule looks
 * its candidates up instead of scanning 9000 exercises. An exercise sits in every level bucket
 * from its `min_level` to its `max_level`; buckets are ordered by `lesson_id`, so schedules do not
 * depend on the catalogue's order.
 */
export interface CatalogueIndex {
  readonly size: number;
  readonly byId: ReadonlyMap<number, Exercise>;
  readonly buckets: ReadonlyMap<LessonFocus, FocusBuckets>;
}

const emptyLevels = (): Exercise[][] => Array.from({ length: MAX_LEVEL_INDEX + 1 }, () => []);

export const indexCatalogue = (catalogue: readonly Exercise[]): CatalogueIndex => {
  const byId = new Map<number, Exercise>();
  const buckets = new Map<LessonFocus, FocusBuckets>();
  for (const exercise of [...catalogue].sort((a, b) => a.lesson_id - b.lesson_id)) {
    if (byId.has(exercise.lesson_id))
      throw new Error(`Duplicate lesson_id ${exercise.lesson_id} in the catalogue`);
    byId.set(exercise.lesson_id, exercise);
    let focusBuckets = buckets.get(exercise.focus);
    if (!focusBuckets) {
      focusBuckets = { all: emptyLevels(), pad: emptyLevels() };
      buckets.set(exercise.focus, focusBuckets);
    }
    for (let level = levelIndex(exercise.min_level); level <= levelIndex(exercise.max_level); level++) {
      focusBuckets.all[level]?.push(exercise);
      if (exercise.pad_sufficient) focusBuckets.pad[level]?.push(exercise);
    }
  }
  return { size: byId.size, byId, buckets };
};

/** The exercises of a focus that fit a level index (and pad mode). */
export const exercisesAt = (
  index: CatalogueIndex,
  focus: LessonFocus,
  level: number,
  padOnly: boolean,
): readonly Exercise[] => {
  const focusBuckets = index.buckets.get(focus);
  return (padOnly ? focusBuckets?.pad : focusBuckets?.all)?.[level] ?? [];
};

/**
 * The exercises at `level`, or when it has none, at the nearest level that has some (the lower
 * one first on a tie: easier is the safer guess). Empty only if the focus has nothing at all.
 */
export const nearestLevelExercises = (
  index: CatalogueIndex,
  focus: LessonFocus,
  level: number,
  padOnly: boolean,
): { level: number; exercises: readonly Exercise[] } => {
  for (let distance = 0; distance <= MAX_LEVEL_INDEX; distance++) {
    for (const candidate of distance === 0 ? [level] : [level - distance, level + distance]) {
      if (candidate < 0 || candidate > MAX_LEVEL_INDEX) continue;
      const exercises = exercisesAt(index, focus, candidate, padOnly);
      if (exercises.length > 0) return { level: candidate, exercises };
    }
  }
  return { level, exercises: [] };
};
