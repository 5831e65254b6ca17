// @vitest-environment jsdom
import { getCatalogue, type Exercise } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
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
          // Rests carry no step; a note carries exactly one.
          expect(steps.length).toBeLessThanOrEqual(1);
          steps.forEach((name) => marked.add(name));
        }
      }
      const expected = new Set(exercise.notation.notes.map((note) => stepClass(note.step)));
      expect([...marked].sort(), `lesson ${exercise.lesson_id}`).toEqual([...expected].sort());
    }
  });

  it('places every bar in order, once a line (a bar too dense for one line goes on over the next), left to right within its system and inside its width', () => {
    for (const exercise of sample) {
      const systems = engraveSystems(exercise.notation, { width: 340, repetitions: 1 }, document);
      const bars = systems.flatMap((system) => system.bars.map((bar) => bar.bar));
      expect(bars, `lesson ${exercise.lesson_id}`).toEqual([...bars].sort((a, b) => a - b));
      expect([...new Set(bars)]).toEqual(Array.from({ length: exercise.notation.bars }, (_, bar) => bar));
      for (const system of systems) {
        expect(new Set(system.bars.map((bar) => bar.bar)).size).toBe(system.bars.length);
        let end = 0;
        for (const bar of system.bars) {
          expect(bar.x).toBeCloseTo(end, 6);
          end = bar.x + bar.width;
        }
        expect(end).toBeLessThanOrEqual(system.width + 1e-6);
      }
    }
  });
});
