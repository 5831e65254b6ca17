import { z } from 'zod';
import {
  type Exercise,
  findExercise,
  getCatalogue,
  SKILL_DISPLAY_NAMES,
  SKILLS,
  validateCatalogue,
} from '@stickwork/domain';
import { catalogueStats, RATED_LEVELS } from '../catalogue/catalogue-stats.js';
import { catalogueSummary } from '../catalogue/catalogue-summary.js';
import { notationGrid } from '../catalogue/notation-grid.js';
import { CliError } from '../errors.js';
import { parseOptions, wholeNumberOption } from '../options.js';
import { emitLines, keyValueLines, printJson, renderText, tableLines } from '../ui/print.js';

const jsonOnly = z.object({ json: z.boolean().default(false) });
const showOptions = z.object({
  lessonId: wholeNumberOption(1, Number.MAX_SAFE_INTEGER),
  json: z.boolean().default(false),
});

export const runCatalogueStats = async (raw: Record<string, unknown>) => {
  const options = parseOptions(jsonOnly, raw);
  const stats = catalogueStats(catalogueSummary());
  if (options.json) return printJson(stats);
  await emitLines([
    ...keyValueLines('Catalogue', [
      ['exercises', String(stats.exercises)],
      ['warm-ups', String(stats.warmUps)],
      ['pad sufficient', String(stats.padSufficient)],
    ]),
    ...tableLines(SKILLS, [
      { header: 'SKILL', value: (skill) => SKILL_DISPLAY_NAMES[skill] },
      { header: 'ALL', value: (skill) => String(stats.byFocus[skill]) },
      ...RATED_LEVELS.map((level) => ({
        header: level.toUpperCase(),
        value: (skill: (typeof SKILLS)[number]) => String(stats.bySkillAndLevel[skill]?.[level] ?? 0),
      })),
    ]),
  ]);
};

const validateOptions = jsonOnly.extend({ engraving: z.boolean().default(true) });

/** The engraving's problems (VexFlow, loaded only here): the card's and the PDF's rests, tuplets and values. */
const engravingProblems = async (exercises: readonly Exercise[]) => {
  const { catalogueEngravingProblems } = await import('@stickwork/sheet-music');
  return catalogueEngravingProblems(exercises);
};

export const runCatalogueValidate = async (raw: Record<string, unknown>) => {
  const options = parseOptions(validateOptions, raw);
  const exercises = getCatalogue();
  // Engraving every distinct notation takes seconds of CPU; --no-engraving checks the words alone.
  const errors = [
    ...validateCatalogue(exercises).errors,
    ...(options.engraving ? await engravingProblems(exercises) : []),
  ];
  const validation = { ok: errors.length === 0, errors };
  if (options.json) printJson({ exercises: exercises.length, ...validation });
  else if (validation.ok) await renderText(`All ${exercises.length} exercises are valid.`);
  else await renderText(validation.errors.join('\n'));
  if (!validation.ok) throw new CliError(`${validation.errors.length} problems in the catalogue`);
};

export const runCatalogueShow = async (lessonId: string, raw: Record<string, unknown>) => {
  const options = parseOptions(showOptions, { ...raw, lessonId }, ['lessonId']);
  const exercise = findExercise(options.lessonId);
  if (!exercise) throw new CliError(`no lesson with id ${options.lessonId}`);
  if (options.json) return printJson({ ...exercise, grid: notationGrid(exercise.notation) });
  const { timeSignature, subdivision, bars, click } = exercise.notation;
  await emitLines([
    ...keyValueLines(`${exercise.lesson_id}  ${exercise.name}`, [
      ['focus', `${SKILL_DISPLAY_NAMES[exercise.focus]} (${exercise.type})`],
      ['levels', `${exercise.min_level} to ${exercise.max_level}`],
      ['drum pad', exercise.pad_sufficient ? 'yes' : 'no'],
      [
        'tempo',
        `${exercise.start_bpm} bpm, ${exercise.number_repetition} repetitions, ${exercise.practice_time} min`,
      ],
      [
        'meter',
        `${timeSignature.beats}/${timeSignature.beatUnit}, ${subdivision} steps a beat, ${bars} bars`,
      ],
      [
        'click',
        click
          ? `${click.placement}${click.mutedBars.length ? `, muted in bars ${click.mutedBars.map((b) => b + 1).join(', ')}` : ''}`
          : 'every beat',
      ],
      ['video', exercise.video_url ?? '-'],
    ]),
    '',
    ...notationGrid(exercise.notation),
    '',
    ...exercise.description_text.split('\n'),
  ]);
};
