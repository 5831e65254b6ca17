import type { Exercise, Voice } from '../catalogue/exercise.js';
import { levelIndex, MAX_LEVEL_INDEX } from '../rules/levels.js';
import type { LessonFocus } from '../rules/skills.js';
import { beatPositionOf, type BeatPosition } from '../timing/beat-positions.js';

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

/** Per exercise: how many notes of its pattern each voice plays at each position in the beat. */
const noteCountsByExercise = new WeakMap<Exercise, ReadonlyMap<string, number>>();
/** Per bucket of exercises, per voice and position: the exercises that play it, most notes there first. */
const playersByBucket = new WeakMap<readonly Exercise[], Map<string, readonly Exercise[]>>();

const positionKey = (voice: Voice, position: BeatPosition) => `${voice} ${position}`;

const noteCountsOf = (exercise: Exercise): ReadonlyMap<string, number> => {
  let counts = noteCountsByExercise.get(exercise);
  if (!counts) {
    const tally = new Map<string, number>();
    const { notes, subdivision } = exercise.notation;
    for (const note of notes) {
      const key = positionKey(note.voice, beatPositionOf(note.step, subdivision));
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    noteCountsByExercise.set(exercise, (counts = tally));
  }
  return counts;
};

/** How many notes of an exercise's pattern `voice` plays at `position` in the beat. */
export const notesAtPosition = (exercise: Exercise, voice: Voice, position: BeatPosition): number =>
  noteCountsOf(exercise).get(positionKey(voice, position)) ?? 0;

/**
 * The exercises of a bucket (`exercisesAt`, `nearestLevelExercises`) whose pattern plays `voice` at
 * `position`, the most notes there first, then the lowest id. Worked out once per bucket and
 * position, so a schedule aimed at a weak spot does not read every pattern of its skills again.
 */
export const exercisesPlaying = (
  exercises: readonly Exercise[],
  voice: Voice,
  position: BeatPosition,
): readonly Exercise[] => {
  let players = playersByBucket.get(exercises);
  if (!players) playersByBucket.set(exercises, (players = new Map()));
  const key = positionKey(voice, position);
  let playing = players.get(key);
  if (!playing) {
    const notesOf = (exercise: Exercise) => noteCountsOf(exercise).get(key) ?? 0;
    playing = exercises
      .filter((exercise) => notesOf(exercise) > 0)
      .sort((a, b) => notesOf(b) - notesOf(a) || a.lesson_id - b.lesson_id);
    players.set(key, playing);
  }
  return playing;
};
