import { describe, expect, it } from 'vitest';
import { getCatalogue, findExercise } from './catalogue.js';
import type { Exercise, Notation } from './exercise.js';
import { line, notation } from './grid.js';
import { countingOf, noteValuesText, stickingLegend } from './notation-text.js';
import { validateCatalogue } from './validate-catalogue.js';
import { textProblems } from './validate-text.js';

const fourFour = { beats: 4, beatUnit: 4, subdivision: 4, bars: 1 } as const;
const rock8ths = notation(fourFour, [
  ...line('hi_hat', 'x-x- x-x- x-x- x-x-', { sticking: 'R' }),
  ...line('snare', '---- x--- ---- x---', { sticking: 'L' }),
  ...line('bass_drum', 'x--- ---- x-x- ----', { sticking: 'F' }),
]);
const lesson = (description_text: string, sheet: Notation = rock8ths, name = 'Groove') => ({
  name,
  description_text,
  notation: sheet,
});

describe('textProblems', () => {
  it('accepts words that say what the sheet shows', () => {
    expect(
      textProblems(
        lesson(
          'Rock groove on the kit in 4/4, written in eighth notes: hi-hat 8ths, snare on 2 and 4, bass drum on 1, 3 and 3&. Count "1 & 2 & 3 & 4 &" out loud. Loop the bar 32 times.',
        ),
      ),
    ).toEqual([]);
  });

  it('refuses sixteenth notes on a sheet with no note off the eighth-note grid', () => {
    expect(textProblems(lesson('Rock groove, written in sixteenth notes.'))).toEqual([
      'names sixteenth notes, which no note of the sheet needs',
    ]);
  });

  it('refuses a voice the sheet does not play, but not one the lesson plays instead of', () => {
    expect(textProblems(lesson('Keep the ride a notch softer than the snare.'))).toEqual([
      'names the ride, which the sheet does not play',
    ]);
    expect(textProblems(lesson('Hi-hat 8ths instead of the ride.'))).toEqual([]);
  });

  it('refuses a sticking legend for a letter the notation does not use', () => {
    const fill = notation({ ...fourFour }, line('snare', 'xxxx xxxx xxxx xxxx', { sticking: 'RL' }));
    expect(textProblems(lesson('Sticking of the fill (K = foot): R L R L.', fill))).toEqual([
      'explains the sticking letter K, which the notation does not use',
    ]);
    expect(textProblems(lesson('Sticking (F = bass drum foot): R L F.', rock8ths))).toEqual([]);
  });

  it('refuses a 12/8 count with an "&" on every eighth when the notes are eighths', () => {
    const blues = notation(
      { beats: 12, beatUnit: 8, subdivision: 2, bars: 1 },
      line('ride', 'x-x- x-x- x-x- x-x- x-x- x-x-', { sticking: 'R' }),
    );
    expect(
      textProblems(
        lesson(
          `Count "${countingOf({ ...blues, subdivision: 2, notes: [{ step: 1, voice: 'ride' }] })}" out loud.`,
          blues,
        ),
      ),
    ).toEqual(['the count divides the 12/8 beats into 2, finer than the sheet, whose notes need only 1']);
    expect(textProblems(lesson('Count "1 2 3 4 5 6 7 8 9 10 11 12" out loud.', blues))).toEqual([]);
    expect(textProblems(lesson('Count "1 & 2 & 3 &" out loud.'))).toEqual([
      'the count "1 & 2 & 3 &" has 3 beats, the meter 4/4 has 4',
    ]);
    expect(textProblems(lesson('Count "1 2 3 4" out loud.'))).toEqual([
      'the count leaves notes between its syllables (the notes need 2 a beat)',
    ]);
  });

  it('refuses a count finer than the sheet: "1 e & a" over 8th notes (the warm-ups, gap clicks and ostinatos did)', () => {
    expect(textProblems(lesson('Count "1 e & a 2 e & a 3 e & a 4 e & a" out loud.'))).toEqual([
      'the count divides the 4/4 beats into 4, finer than the sheet, whose notes need only 2',
    ]);
    const quarters = notation(fourFour, line('snare', 'x--- x--- x--- x---', { sticking: 'R' }));
    expect(textProblems(lesson('Count "1 & 2 & 3 & 4 &" quietly through the gaps.', quarters))).toEqual([
      'the count divides the 4/4 beats into 2, finer than the sheet, whose notes need only 1',
    ]);
    expect(textProblems(lesson('Count "1 2 3 4" quietly through the gaps.', quarters))).toEqual([]);
  });

  it('refuses a groove before a fill whose length does not add up to the sheet', () => {
    const twoBars = { ...rock8ths, bars: 2 };
    expect(textProblems(lesson('A 1-bar fill after a bar and a half or more of groove.', twoBars))).toEqual([
      'gives the groove before the fill no exact length',
    ]);
    expect(textProblems(lesson('A 1-bar fill after two bars of groove.', twoBars))).toEqual([
      '"after two bars of" and a 1-bar fill make 12 beats, the sheet has 8',
    ]);
    expect(textProblems(lesson('A 1-beat fill after a bar and three beats of groove.', twoBars))).toEqual([]);
    expect(textProblems(lesson('Loop the 2 bars 16 times.'))).toEqual(['"the 2 bars" for a sheet of 1 bar']);
  });
});

describe('the notation facts descriptions are written from', () => {
  it('names the note values the notes need, and mixes straight and triplet notes', () => {
    expect(noteValuesText(rock8ths)).toBe('eighth notes');
    const mixed = notation({ ...fourFour, subdivision: 6 }, line('snare', 'x--x-- x-x-x- x--x-- x-x-x-'));
    expect(noteValuesText(mixed)).toBe('eighth notes and eighth-note triplets');
  });

  it('explains only the letters that need a key and appear', () => {
    expect(stickingLegend(line('snare', 'xxxx', { sticking: 'RL' }))).toBe('');
    expect(stickingLegend(line('snare', 'xxx', { sticking: 'RLF' }))).toBe('F = bass drum foot');
  });
});

describe('the catalogue’s words and sheets', () => {
  it('agree for every exercise', () => {
    const problems = getCatalogue().flatMap((exercise) =>
      textProblems(exercise).map((problem) => `lesson ${exercise.lesson_id}: ${problem}`),
    );
    expect(problems.slice(0, 20)).toEqual([]);
  }, 60_000);

  it('are part of validateCatalogue, which names the lesson', () => {
    const groove = { ...(findExercise(700019) as Exercise), description_text: 'Written in sixteenth notes.' };
    expect(validateCatalogue([groove], {}).errors).toEqual([
      'lesson 700019: text: names sixteenth notes, which no note of the sheet needs',
    ]);
  });

  it('say what the issue’s lessons show', () => {
    expect(findExercise(700019)?.description_text).toContain('written in eighth notes');
    expect(findExercise(830007)?.description_text).toContain('Count "1 2 3 4 5 6 7 8 9 10 11 12"');
    expect(findExercise(1020876)?.description_text).toContain('1-bar fill of 16th singles after one bar of');
    const footFill = getCatalogue().find((exercise) => exercise.name.includes('hand-hand-foot'));
    expect(footFill?.description_text).toContain('(F = bass drum foot)');
    expect(getCatalogue().some((exercise) => exercise.description_text.includes('K ='))).toBe(false);
  });

  it('call a swung groove a shuffle only when it is one (a jazz ride or a reggae one drop is not)', () => {
    expect(findExercise(720521)?.description_text).toContain('the "trip" stays silent');
    const misnamed = getCatalogue()
      .filter((exercise) => /shuffle/i.test(exercise.description_text) && !/shuffle/i.test(exercise.name))
      .map((exercise) => exercise.lesson_id);
    expect(misnamed).toEqual([]);
  });
});
