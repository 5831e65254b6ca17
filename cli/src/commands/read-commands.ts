import type { Command } from 'commander';
import { argument, defineCommand, flag, option, type Declared } from '../define-command.js';

/** Options every command that prints times takes: the zone to show (and read) them in. */
export const tzOption = option(
  'zone',
  'show and read times in this IANA zone (events record none; default UTC)',
  (k) => k.tzOption(),
  { complete: 'zones' },
);
export const jsonOption = flag('print JSON for scripts');
export const jsonlOption = flag('print one JSON object per line (JSON Lines), for jq and streaming');
export const showPersonalOption = flag(
  'show personal data (names, emails, country) instead of a placeholder',
);
export const customerArgument = argument(
  'customer id, email, or part of a name or email that matches one customer',
  (k) => k.customerArgument(),
  { complete: 'customers' },
);

/** --type, --since, --until: which events, for every command that lists them. */
export const eventFilterOptions = {
  type: option(
    'types',
    'only these event types (comma-separated; a typo is refused with the list)',
    (k) =>
      k.z
        .string()
        .optional()
        .transform((types) =>
          (types ?? '')
            .split(',')
            .map((type) => type.trim())
            .filter(Boolean),
        ),
    { complete: 'event-types' },
  ),
  since: option('date', 'events at or after this day or time (read in --tz)', (k) => k.z.string().optional()),
  until: option('date', 'events at or before this day (inclusive) or time (read in --tz)', (k) =>
    k.z.string().optional(),
  ),
};

export const customersInput = {
  options: {
    search: option('text', 'only customers whose id, name or email contains this', (k) =>
      k.z.string().trim().optional(),
    ),
    limit: option('n', 'at most n customers (the first registered)', (k) => k.limitOption()),
    tz: tzOption,
    json: jsonOption,
    jsonl: jsonlOption,
  },
} satisfies Declared;

export const historyInput = {
  arguments: { customer: customerArgument },
  options: {
    ...eventFilterOptions,
    tz: tzOption,
    limit: option('n', 'only the n most recent matching events', (k) => k.limitOption()),
    follow: flag('keep printing new events as they are written, until Ctrl-C'),
    showPersonal: showPersonalOption,
    json: flag('print JSON for scripts (with --follow: one JSON object per line)'),
    jsonl: jsonlOption,
  },
} satisfies Declared;

export const replayInput = {
  arguments: { customer: customerArgument },
  options: {
    until: option(
      'point',
      'a position (#1234 as history shows it), a day (to its end) or a time, read in --tz; default: now',
      (k) => k.z.string().trim().optional(),
    ),
    tz: option(
      'zone',
      'the customer day for streaks and usage, and --until, in this IANA zone',
      (k) => k.tzOption(),
      {
        complete: 'zones',
      },
    ),
    json: jsonOption,
  },
} satisfies Declared;

/** customers, history, replay: reading one customer or all of them. */
export const registerCustomerReadCommands = (program: Command) => {
  defineCommand(program, 'customers', {
    description: 'the customers: id, name, email, plan, status, registered, last practice',
    ...customersInput,
    run: async () => (await import('../actions/customers.js')).runCustomers,
  });
  defineCommand(program, 'history', {
    description: "a customer's events in order across their streams: position, time, type, summary",
    ...historyInput,
    run: async () => (await import('../actions/history.js')).runHistory,
  });
  defineCommand(program, 'replay', {
    description:
      "a customer's read models (progress, levels, streaks, heatmap, usage, plan) as they stood at a point",
    ...replayInput,
    run: async () => (await import('../actions/replay.js')).runReplay,
  });
};
