import type { Level } from '../rules/levels.js';
import { levelIndex } from '../rules/levels.js';
import type { LessonFocus } from '../rules/skills.js';
import type { Exercise } from './exercise.js';
import { FAMILY_ID_RANGE, type ExerciseFamily } from './family.js';
import { CATALOGUE_FAMILIES, toExercise } from './generate-catalogue.js';

/** Filled once, on first use, then frozen; it is both the proxy's target and the plain array. */
const store: Exercise[] = [];
let built = false;

interface FamilyLessons {
  /** As the family builds them (a duplicate id stays, for validateCatalogue to report). */
  list: readonly Exercise[];
  byId: ReadonlyMap<number, Exercise>;
}
/**
 * Each family's exercises by lesson id, built the first time one of its lessons is asked for. Looking up a
 * few lessons (a session, a history, `stickwork catalogue show`) builds only their families, not all
 * 12,000+ exercises (about 0.2 s of CPU); the whole catalogue is made of the same objects.
 */
const familyLessons = new Map<ExerciseFamily, FamilyLessons>();
let familyByIndex: ReadonlyMap<number, ExerciseFamily> | undefined;

const lessonsOf = (family: ExerciseFamily): FamilyLessons => {
  let lessons = familyLessons.get(family);
  if (!lessons) {
    const list = family.build().map((draft) => toExercise(family, draft));
    lessons = { list, byId: new Map(list.map((exercise) => [exercise.lesson_id, exercise])) };
    familyLessons.set(family, lessons);
  }
  return lessons;
};

/** The shared catalogue, built on first use (importing the package stays cheap) and then kept. */
export function getCatalogue(): readonly Exercise[] {
  if (!built) {
    // As generateCatalogue: every family's exercises, ordered by lesson id.
    const exercises = CATALOGUE_FAMILIES.flatMap((family) => lessonsOf(family).list);
    for (const exercise of exercises.sort((a, b) => a.lesson_id - b.lesson_id)) store.push(exercise);
    Object.freeze(store);
    built = true;
  }
  return store;
}

const ensureBuilt = <T>(read: () => T): T => {
  getCatalogue();
  return read();
};

/**
 * The whole catalogue (9000+ exercises, ordered by lesson id) as a read-only array. It is built lazily on
 * first access; hot paths may prefer `getCatalogue()`, which returns the same array without the proxy.
 * Entries and their notations are shared and must not be mutated.
 */
export const catalogue: readonly Exercise[] = new Proxy(store, {
  get: (target, property) => ensureBuilt(() => Reflect.get(target, property)),
  has: (target, property) => ensureBuilt(() => Reflect.has(target, property)),
  ownKeys: (target) => ensureBuilt(() => Reflect.ownKeys(target)),
  getOwnPropertyDescriptor: (target, property) =>
    ensureBuilt(() => Reflect.getOwnPropertyDescriptor(target, property)),
  set: () => false,
  defineProperty: () => false,
  deleteProperty: () => false,
});

/** The exercise with this lesson id, or undefined; builds only the family the id belongs to. */
export function findExercise(lessonId: number): Exercise | undefined {
  if (!Number.isSafeInteger(lessonId) || lessonId <= 0) return undefined;
  familyByIndex ??= new Map(CATALOGUE_FAMILIES.map((family) => [family.index, family]));
  const family = familyByIndex.get(Math.floor(lessonId / FAMILY_ID_RANGE));
  return family ? lessonsOf(family).byId.get(lessonId) : undefined;
}

/** Exercises of a focus whose level range includes `level` (the scheduler's candidate list). */
export function exercisesFor(focus: LessonFocus, level: Level): Exercise[] {
  const index = levelIndex(level);
  return getCatalogue().filter(
    (exercise) =>
      exercise.focus === focus &&
      levelIndex(exercise.min_level) <= index &&
      index <= levelIndex(exercise.max_level),
  );
}
