import type { Command } from 'commander';
import { lazy } from '../lazy.js';

/** customers, history, replay: reading one customer or all of them. */
export const registerCustomerReadCommands = (program: Command) => {
  program
    .command('customers')
    .description('the customers: id, name, email, plan, status, registered, last practice')
    .option('--search <text>', 'only customers whose id, name or email contains this')
    .option('--limit <n>', 'at most n customers (the first registered)')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await import('../actions/customers.js')).runCustomers));

  program
    .command('history')
    .description("a customer's events in order across their streams: position, time, type, summary")
    .argument('<customer>', 'customer id or email')
    .option('--type <types>', 'only these event types (comma-separated; a typo is refused with the list)')
    .option('--since <date>', 'events at or after this day or time (read in --tz)')
    .option('--until <date>', 'events at or before this day (inclusive) or time (read in --tz)')
    .option('--tz <zone>', 'show and read times in this IANA zone (events do not record one)', 'UTC')
    .option('--limit <n>', 'only the n most recent matching events')
    .option('--follow', 'keep printing new events as they are written, until Ctrl-C')
    .option('--json', 'print JSON for scripts (with --follow: one JSON object per line)')
    .action(lazy(async () => (await import('../actions/history.js')).runHistory));

  program
    .command('replay')
    .description(
      "a customer's read models (progress, levels, streaks, heatmap, usage, plan) as they stood at a point",
    )
    .argument('<customer>', 'customer id or email')
    .option(
      '--until <point>',
      'a position (#1234 as history shows it), a day (to its end) or a time, read in --tz; default: now',
    )
    .option('--tz <zone>', 'the customer day for streaks and usage, and --until, in this IANA zone', 'UTC')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await import('../actions/replay.js')).runReplay));
};
