import type { Command } from 'commander';
import { argument, defineCommand, flag, option, type Declared } from '../define-command.js';
import { lazy } from '../lazy.js';
import { jsonlOption, jsonOption, tzOption } from './read-commands.js';

export const mailListInput = {
  options: {
    limit: option('n', 'only the n newest mails', (k) => k.limitOption()),
    tz: tzOption,
    json: jsonOption,
    jsonl: jsonlOption,
  },
} satisfies Declared;

export const mailShowInput = {
  arguments: {
    mail: argument('its number in `mail list`, or its file name in the outbox', (k) =>
      k.text('name a mail by its number in `mail list` or its file'),
    ),
  },
  options: { tz: tzOption, json: jsonOption },
} satisfies Declared;

export const seedInput = {
  options: {
    customers: option('n', 'how many customers (required)', (k) => k.wholeNumberOption(1, 100_000)),
    days: option('d', 'how many days of history, ending today (or --end) (required)', (k) =>
      k.wholeNumberOption(1, 3650),
    ),
    seed: option('n', 'the same seed writes the same customers and histories (default 1)', (k) =>
      k.wholeNumberOption(0, 2 ** 32 - 1).default(1),
    ),
    end: option('date', 'the last day of the histories, UTC (default: today, up to now)', (k) =>
      k.z.string().optional(),
    ),
    json: flag('print JSON for scripts (no progress bar)'),
  },
} satisfies Declared;

/** catalogue, mail and seed: the exercise catalogue, the outbox, synthetic data. */
export const registerToolCommands = (program: Command) => {
  const catalogue = program
    .command('catalogue')
    .description('the exercise catalogue the scheduler draws from');
  const catalogueActions = () => import('../actions/catalogue.js');
  catalogue
    .command('stats')
    .description('counts: exercises, warm-ups, pad lessons, and exercises per skill and level')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await catalogueActions()).runCatalogueStats));
  catalogue
    .command('validate')
    .description("check every exercise against the catalogue's rules; exit 1 on any problem")
    .option('--json', 'print JSON for scripts')
    .option(
      '--no-engraving',
      "skip engraving every exercise as the card and the PDF do (the words' checks in a second)",
    )
    .action(lazy(async () => (await catalogueActions()).runCatalogueValidate));
  catalogue
    .command('show')
    .description('one exercise with its notation as a text drum chart')
    .argument('<lessonId>', 'the lesson id')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await catalogueActions()).runCatalogueShow));

  const mail = program
    .command('mail')
    .description('the embedded outbox (DATA_DIR/outbox): the mails sent while SMTP_URL is unset');
  const mailActions = () => import('../actions/mail.js');
  defineCommand(mail, 'list', {
    description: 'every mail in the outbox, oldest first: number, date, to, subject',
    ...mailListInput,
    run: async () => (await mailActions()).runMailList,
  });
  defineCommand(mail, 'show', {
    description: 'one mail of the outbox: headers, text and links',
    ...mailShowInput,
    run: async () => (await mailActions()).runMailShow,
  });
  defineCommand(program, 'seed', {
    description:
      'write synthetic customers and practice histories through the real commands (demos, benchmarks)',
    ...seedInput,
    run: async () => (await import('../actions/seed.js')).runSeed,
  });
};
