import { getCatalogue } from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { catalogueEngravingProblems, engravingFaults, type EngravingFaults } from './engraving-check.js';
import { explainedTwice, sheetKey } from './sheet-key.js';
import { layoutSheet } from './sheet-layout.js';

/**
 * The card on a phone (304 units at 375 px), the card on a wide screen (688) and the PDF (720): every
 * exercise of the catalogue laid out as the engraver draws it, checked on the layout (drawing every SVG
 * would take minutes; engrave-systems.unit.spec.ts checks the drawing against the layout on a sample).
 */
const WIDTHS = [304, 688, 720];

describe('the engraving of every catalogue exercise', { timeout: 300_000 }, () => {
  it.each(WIDTHS)(
    'at %i units: barlines inside their lines, cut bars marked, one size a sheet, no bar written twice, no hi-hat foot touching a head, the + after every open hi-hat and nowhere else',
    (width) => {
      const lessons: Partial<Record<keyof EngravingFaults, number[]>> = {
        barlinesOutside: [],
        unmarkedCuts: [],
        extraSizes: [],
        repeatedBars: [],
        hiHatFootsTouching: [],
        openHiHatsUnclosed: [],
        strayHiHatCloses: [],
      };
      // A pattern at several tempi is one notation with one repetition count: laid out once.
      const faultsOf = new Map<string, EngravingFaults>();
      for (const exercise of getCatalogue()) {
        const key = `${exercise.number_repetition} ${JSON.stringify(exercise.notation)}`;
        let faults = faultsOf.get(key);
        if (!faults) {
          const layout = layoutSheet(exercise.notation, { width, repetitions: exercise.number_repetition });
          faults = engravingFaults(exercise.notation, layout, width);
          faultsOf.set(key, faults);
        }
        for (const key of Object.keys(lessons) as (keyof EngravingFaults)[])
          if (faults[key] > 0) lessons[key]?.push(exercise.lesson_id);
      }
      // The lessons at fault, by fault (the first few of each), so a failure names them.
      const found = Object.fromEntries(
        Object.entries(lessons).map(([key, ids = []]) => [
          key,
          `${ids.length}: ${ids.slice(0, 8).join(', ')}`,
        ]),
      );
      expect(found).toEqual({
        barlinesOutside: '0: ',
        unmarkedCuts: '0: ',
        extraSizes: '0: ',
        repeatedBars: '0: ',
        hiHatFootsTouching: '0: ',
        openHiHatsUnclosed: '0: ',
        strayHiHatCloses: '0: ',
      });
    },
  );

  it("what `catalogue validate` checks of every exercise's engraving: no rest on another voice's heads, every stroke at its moment, even pulses written evenly, named values as written", () => {
    // Every problem names its lesson; the first few are shown, so a failure names them.
    const problems = catalogueEngravingProblems(getCatalogue());
    expect(`${problems.length}: ${problems.slice(0, 8).join(', ')}`).toBe('0: ');
  });

  it('the key of every exercise explains each voice and each mark once', () => {
    const twice = getCatalogue()
      .map((exercise) => ({ id: exercise.lesson_id, things: explainedTwice(sheetKey(exercise.notation)) }))
      .filter((entry) => entry.things.length > 0);
    // The lessons at fault (the first few, with what their key says twice), so a failure names them.
    const found = twice.slice(0, 8).map((entry) => `${entry.id} (${entry.things.join(', ')})`);
    expect(`${twice.length}: ${found.join(', ')}`).toBe('0: ');
  });
});
