import { describe, expect, it, vi } from 'vitest';
import { catalogue, exercisesFor, findExercise, getCatalogue } from './catalogue.js';
import { levelIndex } from '../rules/levels.js';

describe('catalogue', () => {
  it('reads like an ordinary array of the generated exercises', () => {
    expect(Array.isArray(catalogue)).toBe(true);
    expect(catalogue.length).toBeGreaterThanOrEqual(9000);
    expect(catalogue[0]).toBe(getCatalogue()[0]);
    expect([...catalogue]).toHaveLength(catalogue.length);
    expect(catalogue.filter((e) => e.focus === 'warm_up').every((e) => e.type === 'warm_up')).toBe(true);
  });

  it('is built once and shared', () => {
    expect(getCatalogue()).toBe(getCatalogue());
  });

  it('cannot be changed by its users', () => {
    expect(() => (catalogue as unknown as unknown[]).push({})).toThrow(TypeError);
    expect(() => {
      (catalogue as unknown as unknown[])[0] = {};
    }).toThrow(TypeError);
    expect(Object.isFrozen(getCatalogue())).toBe(true);
  });

  it('finds an exercise by lesson id and nothing for an unknown id', () => {
    const some = catalogue[1234]!;
    expect(findExercise(some.lesson_id)).toBe(some);
    expect(findExercise(0)).toBeUndefined();
    expect(findExercise(-1)).toBeUndefined();
    expect(findExercise(some.lesson_id + 0.5)).toBeUndefined();
    expect(findExercise(Number.NaN)).toBeUndefined();
  });

  it('finds a lesson by building only its family, and the whole catalogue is made of the same lessons', async () => {
    vi.resetModules();
    const fresh = await import('./catalogue.js');
    const generator = await import('./generate-catalogue.js');
    const family = generator.CATALOGUE_FAMILIES[7]!;
    const expected = generator.generateCatalogue([family])[3]!;
    const builds = generator.CATALOGUE_FAMILIES.map((each) => vi.spyOn(each, 'build'));

    const found = fresh.findExercise(expected.lesson_id);
    expect(found).toEqual(expected);
    expect(fresh.findExercise(expected.lesson_id)).toBe(found);
    // A lesson id of no family (between two families' ranges) builds nothing.
    expect(fresh.findExercise(3 * 10_000 + 1)).toBeUndefined();
    expect(builds.map((build) => build.mock.calls.length)).toEqual(
      generator.CATALOGUE_FAMILIES.map((each) => (each === family ? 1 : 0)),
    );

    const whole = fresh.getCatalogue();
    expect(whole).toContain(found);
    expect(builds.every((build) => build.mock.calls.length === 1)).toBe(true);
    expect(JSON.stringify(whole)).toBe(JSON.stringify(generator.generateCatalogue()));
  });

  it('lists the exercises of a focus whose level range includes a level', () => {
    const list = exercisesFor('grooves', 'pro');
    expect(list.length).toBeGreaterThan(20);
    for (const exercise of list) {
      expect(exercise.focus).toBe('grooves');
      expect(levelIndex(exercise.min_level)).toBeLessThanOrEqual(6);
      expect(levelIndex(exercise.max_level)).toBeGreaterThanOrEqual(6);
    }
    expect(exercisesFor('beginner_course', 'beginner')).toEqual([]);
  });
});
