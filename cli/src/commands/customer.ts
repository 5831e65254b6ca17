import type { Command } from 'commander';
import { lazy } from '../lazy.js';

const withCommonOptions = (command: Command) =>
  command
    .option('--yes', 'do it without asking')
    .option('--operator <name>', 'who is doing this, recorded with the events (default: $USER)')
    .option('--json', 'print JSON for scripts');

const actions = () => import('../actions/customer.js');

export const registerCustomerCommands = (program: Command) => {
  const customer = program
    .command('customer')
    .description(
      "operate a customer's account: the API's own commands, with the operator recorded in each event",
    );

  withCommonOptions(
    customer
      .command('set-level')
      .description("set a skill's level (as PATCH /api/focus does: the skill's progress restarts at 0)")
      .argument('<customer>', 'customer id or email')
      .argument('<skill>', 'a skill id, e.g. hand_technique (a wrong one lists them)')
      .argument('<level>', 'a level, e.g. intermediate, or "level not set"'),
  ).action(lazy(async () => (await actions()).runSetLevel));

  withCommonOptions(
    customer
      .command('grant-plan')
      .description('grant a plan: start or change a paid subscription without payment, or end it (freemium)')
      .argument('<customer>', 'customer id or email')
      .argument('<tier>', 'freemium | basic | premium | exclusive')
      .option('--period <period>', 'monthly | yearly (default: monthly, or the running one)')
      .option('--until <date>', 'last day of the paid period, UTC (default: one period from now)'),
  ).action(lazy(async () => (await actions()).runGrantPlan));

  withCommonOptions(
    customer
      .command('reset-usage')
      .description("reset a customer day's lesson count to 0, so the daily limit starts again")
      .argument('<customer>', 'customer id or email')
      .option('--day <day>', 'the customer day, YYYY-MM-DD (default: the day of their last counted lesson)'),
  ).action(lazy(async () => (await actions()).runResetUsage));

  withCommonOptions(
    customer
      .command('erase')
      .description('erase the customer for good, as DELETE /api/delete/account does')
      .argument('<customer>', 'customer id or email'),
  ).action(lazy(async () => (await actions()).runErase));

  customer
    .command('export')
    .description(
      'write the customer\'s "Download my data" zip (as GET /api/export): events, read models, README',
    )
    .argument('<customer>', 'customer id or email')
    .requiredOption('--out <file>', 'the zip file to write (readable by you only)')
    .option('--force', 'overwrite the file if it exists')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await import('../actions/customer-export.js')).runCustomerExport));
};
