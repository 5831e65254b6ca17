import type { Command } from 'commander';
import { lazy } from '../lazy.js';

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
  mail
    .command('list')
    .description('every mail in the outbox, oldest first: number, date, to, subject')
    .option('--limit <n>', 'only the n newest mails')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await mailActions()).runMailList));
  mail
    .command('show')
    .description('one mail of the outbox: headers, text and links')
    .argument('<mail>', 'its number in `mail list`, or its file name in the outbox')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await mailActions()).runMailShow));

  program
    .command('seed')
    .description(
      'write synthetic customers and practice histories through the real commands (demos, benchmarks)',
    )
    .requiredOption('--customers <n>', 'how many customers')
    .requiredOption('--days <d>', 'how many days of history, ending today (or --end)')
    .option('--seed <n>', 'the same seed writes the same customers and histories', '1')
    .option('--end <date>', 'the last day of the histories, UTC (default: today, up to now)')
    .option('--json', 'print JSON for scripts (no progress bar)')
    .action(lazy(async () => (await import('../actions/seed.js')).runSeed));
};
