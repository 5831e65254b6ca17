import type { Level } from '../rules/levels.js';
import { levelIndex } from '../rules/levels.js';
import type { LessonFocus } from '../rules/skills.js';
import type { Exercise } from './exercise.js';
import { generateCatalogue } from './generate-catalogue.js';

/** Filled once, on first use, then frozen; it is both the proxy's target and the plain array. */
const store: Exercise[] = [];
let built = false;
let byId: ReadonlyMap<number, Exercise> | undefined;

/** The shared catalogue, built on first use (importing the package stays cheap) and then kept. */
export function getCatalogue(): readonly Exercise[] {
  if (!built) {
    for (const exercise of generateCatalogue()) store.push(exercise);
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

/** The exercise with this lesson id, or undefined. */
export function findExercise(lessonId: number): Exercise | undefined {
  byId ??= new Map(getCatalogue().map((exercise) => [exercise.lesson_id, exercise]));
  return byId.get(lessonId);
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
