import { findExercise, type Exercise, type getCatalogue } from '@stickwork/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliError, UsageError } from '../errors.js';
import { buildProgram } from '../program.js';
import { runCli } from '../testing/run-cli.js';

/** The catalogue `catalogue validate` reads in this process: the real one unless a test breaks it. */
const catalogue = vi.hoisted(() => ({ broken: undefined as readonly Exercise[] | undefined }));

vi.mock('@stickwork/domain', async (importOriginal) => {
  const domain = await importOriginal<{ getCatalogue: typeof getCatalogue }>();
  return { ...domain, getCatalogue: () => catalogue.broken ?? domain.getCatalogue() };
});

afterEach(() => {
  catalogue.broken = undefined;
  vi.restoreAllMocks();
});

describe('stickwork catalogue validate', () => {
  // The words of every exercise, in the built command. Its engraving over the whole catalogue is
  // engraving-check.unit.spec.ts's (the same catalogueEngravingProblems, not engraved a second time).
  it('passes the catalogue as it is, exit 0', async () => {
    const run = await runCli(['catalogue', 'validate', '--no-engraving']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^All \d+ exercises are valid\.\n$/);
  });

  it('prints every lesson whose words the notation does not bear out, by id, and fails (exit 1)', async () => {
    const groove = findExercise(700019)!;
    const blues = findExercise(830007)!;
    const warmUp = findExercise(10101)!;
    catalogue.broken = [
      { ...groove, description_text: `${groove.description_text} Written in sixteenth notes.` },
      {
        ...blues,
        description_text: blues.description_text.replace(
          /Count "[^"]*"/,
          'Count "1 & 2 & 3 & 4 & 5 & 6 & 7 & 8 & 9 & 10 & 11 & 12 &"',
        ),
      },
      findExercise(470004)!,
      // A count finer than the sheet: "1 e & a" over a groove of 8th notes.
      {
        ...warmUp,
        description_text: warmUp.description_text.replace(
          /Count "[^"]*"/,
          'Count "1 e & a 2 e & a 3 e & a 4 e & a"',
        ),
      },
    ];
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });

    const validation = buildProgram().parseAsync(['node', 'stickwork', 'catalogue', 'validate']);

    // A CliError that is not a usage error: main prints its message and exits 1.
    const error = await validation.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CliError);
    expect(error).not.toBeInstanceOf(UsageError);
    expect((error as CliError).message).toBe('3 problems in the catalogue');
    expect(printed.join('').trim().split('\n')).toEqual([
      'lesson 700019: text: names sixteenth notes, which no note of the sheet needs',
      'lesson 830007: text: the count divides the 12/8 beats into 2, finer than the sheet, whose notes need only 1',
      'lesson 10101: text: the count divides the 4/4 beats into 4, finer than the sheet, whose notes need only 2',
    ]);
  });

  it('checks the engraving the card and the PDF draw: a name whose note values the sheet does not write fails, naming the lesson', async () => {
    const ostinato = findExercise(650005)!;
    catalogue.broken = [
      findExercise(670393)!,
      { ...ostinato, name: ostinato.name.replace('right hand quarters', 'right hand 8ths') },
    ];
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const validate = () => buildProgram().parseAsync(['node', 'stickwork', 'catalogue', 'validate']);

    const error = await validate().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe('1 problems in the catalogue');
    expect(printed.join('').trim().split('\n')).toEqual([
      'lesson 650005: engraving: the name says "right hand 8ths", the sheet writes that hand as q',
    ]);

    // --no-engraving checks the words alone: the name is not compared with the engraving.
    printed.length = 0;
    await buildProgram().parseAsync(['node', 'stickwork', 'catalogue', 'validate', '--no-engraving']);
    expect(printed.join('')).toBe('All 2 exercises are valid.\n');

    printed.length = 0;
    catalogue.broken = [findExercise(670393)!, ostinato];
    await validate();
    expect(printed.join('')).toBe('All 2 exercises are valid.\n');
  });
});
