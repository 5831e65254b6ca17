import type { Command } from 'commander';
import { z } from 'zod';
import {
  findExercise,
  getCatalogue,
  SKILL_DISPLAY_NAMES,
  SKILLS,
  validateCatalogue,
} from '@stickwork/domain';
import { catalogueStats, RATED_LEVELS } from '../catalogue/catalogue-stats.js';
import { notationGrid } from '../catalogue/notation-grid.js';
import { CliError } from '../context.js';
import { parseOptions, wholeNumberOption } from '../options.js';
import { printJson, renderKeyValues, renderTable, renderText } from '../ui/render.js';

const jsonOnly = z.object({ json: z.boolean().default(false) });
const showOptions = z.object({
  lessonId: wholeNumberOption(1, Number.MAX_SAFE_INTEGER),
  json: z.boolean().default(false),
});

export const registerCatalogueCommands = (program: Command) => {
  const catalogue = program
    .command('catalogue')
    .description('the exercise catalogue the scheduler draws from');

  catalogue
    .command('stats')
    .description('counts: exercises, warm-ups, pad lessons, and exercises per skill and level')
    .option('--json', 'print JSON for scripts')
    .action(async (raw: Record<string, unknown>) => {
      const options = parseOptions(jsonOnly, raw);
      const stats = catalogueStats(getCatalogue());
      if (options.json) return printJson(stats);
      await renderKeyValues('Catalogue', [
        ['exercises', String(stats.exercises)],
        ['warm-ups', String(stats.warmUps)],
        ['pad sufficient', String(stats.padSufficient)],
      ]);
      await renderTable(SKILLS, [
        { header: 'SKILL', value: (skill) => SKILL_DISPLAY_NAMES[skill] },
        { header: 'ALL', value: (skill) => String(stats.byFocus[skill]) },
        ...RATED_LEVELS.map((level) => ({
          header: level.toUpperCase(),
          value: (skill: (typeof SKILLS)[number]) => String(stats.bySkillAndLevel[skill]?.[level] ?? 0),
        })),
      ]);
    });

  catalogue
    .command('validate')
    .description("check every exercise against the catalogue's rules; exit 1 on any problem")
    .option('--json', 'print JSON for scripts')
    .action(async (raw: Record<string, unknown>) => {
      const options = parseOptions(jsonOnly, raw);
      const exercises = getCatalogue();
      const validation = validateCatalogue(exercises);
      if (options.json) printJson({ exercises: exercises.length, ...validation });
      else if (validation.ok) renderText(`All ${exercises.length} exercises are valid.`);
      else renderText(validation.errors.join('\n'));
      if (!validation.ok) throw new CliError(`${validation.errors.length} problems in the catalogue`);
    });

  catalogue
    .command('show')
    .description('one exercise with its notation as a text drum chart')
    .argument('<lessonId>', 'the lesson id')
    .option('--json', 'print JSON for scripts')
    .action(async (lessonId: string, raw: Record<string, unknown>) => {
      const options = parseOptions(showOptions, { ...raw, lessonId }, ['lessonId']);
      const exercise = findExercise(options.lessonId);
      if (!exercise) throw new CliError(`no lesson with id ${options.lessonId}`);
      if (options.json) return printJson({ ...exercise, grid: notationGrid(exercise.notation) });
      const { timeSignature, subdivision, bars, click } = exercise.notation;
      await renderKeyValues(`${exercise.lesson_id}  ${exercise.name}`, [
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
      ]);
      renderText(`\n${notationGrid(exercise.notation).join('\n')}\n\n${exercise.description_text}`);
    });
};
