// @vitest-environment jsdom
import { getCatalogue, type Exercise } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { stepsPerBar } from './engrave-bar.js';
import { engraveSystems, stepClass } from './engrave-systems.js';

/** A deterministic sample across the catalogue: every focus, meter, grid and ornament turns up in it. */
const sample: Exercise[] = getCatalogue().filter((_, index) => index % 157 === 0);

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

// Engraving a sample takes seconds on a busy machine: generous time per test.
describe('engraveSystems in a browser document', { timeout: 120_000 }, () => {
  it.each([320, 720])('marks every written note with its grid step at width %i', (width) => {
    for (const exercise of sample) {
      const systems = engraveSystems(exercise.notation, { width, repetitions: 2 }, document);
      const marked = new Set<string>();
      for (const system of systems) {
        for (const group of parse(system.svg).querySelectorAll('g.vf-stavenote')) {
          const steps = [...group.classList].filter((name) => /^step-\d+$/.test(name));
          // Rests carry no step; a note carries one for each identical bar it is written once for, all
          // at the same place in their bars.
          const places = steps.map((name) => Number(name.slice(5)) % stepsPerBar(exercise.notation));
          expect(new Set(places).size).toBeLessThanOrEqual(1);
          steps.forEach((name) => marked.add(name));
        }
      }
      const expected = new Set(exercise.notation.notes.map((note) => stepClass(note.step)));
      expect([...marked].sort(), `lesson ${exercise.lesson_id}`).toEqual([...expected].sort());
    }
  });

  it('places every bar of the notation, in order (identical bars written once share a place), left to right within its system and inside its width', () => {
    for (const exercise of sample) {
      const systems = engraveSystems(exercise.notation, { width: 340, repetitions: 1 }, document);
      const bars = systems.flatMap((system) => system.bars.map((bar) => bar.bar));
      expect(
        [...new Set(bars)].sort((a, b) => a - b),
        `lesson ${exercise.lesson_id}`,
      ).toEqual(Array.from({ length: exercise.notation.bars }, (_, bar) => bar));
      for (const system of systems) {
        expect(new Set(system.bars.map((bar) => bar.bar)).size).toBe(system.bars.length);
        const places = [...new Map(system.bars.map((bar) => [bar.x, bar])).values()].sort(
          (a, b) => a.x - b.x,
        );
        let end = 0;
        for (const place of places) {
          expect(place.x).toBeCloseTo(end, 6);
          end = place.x + place.width;
        }
        expect(end).toBeLessThanOrEqual(system.width + 1e-6);
        expect(system.bars.map((bar) => bar.bar)).toEqual(
          [...system.bars.map((bar) => bar.bar)].sort((a, b) => a - b),
        );
      }
    }
  });

  it('keeps every barline inside its line and draws all lines of a sheet at one size', () => {
    for (const exercise of sample) {
      for (const width of [304, 688]) {
        const systems = engraveSystems(exercise.notation, { width, repetitions: 2 }, document);
        expect(new Set(systems.map((system) => system.scale)).size, `lesson ${exercise.lesson_id}`).toBe(1);
        for (const system of systems) {
          expect(system.width * system.scale).toBeLessThanOrEqual(width + 1e-6);
          for (const barline of parse(system.svg).querySelectorAll('.vf-stavebarline rect')) {
            const right = Number(barline.getAttribute('x')) + Number(barline.getAttribute('width'));
            // The SVG writes coordinates to 3 decimals.
            expect(right, `lesson ${exercise.lesson_id} at ${width}`).toBeLessThanOrEqual(
              system.width + 1e-3,
            );
          }
        }
      }
    }
  });
});
