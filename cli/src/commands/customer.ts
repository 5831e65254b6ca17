import type { Command } from 'commander';
import { argument, defineCommand, flag, option, type Declared } from '../define-command.js';
import { customerArgument, jsonOption, showPersonalOption, tzOption } from './read-commands.js';

/** What every command that changes something takes: it asks first, unless --yes. */
export const changeOptions = {
  yes: flag('do it without asking'),
  operator: option('name', 'who is doing this, recorded with the events (default: $USER)', (k) =>
    k.text('must not be empty').optional(),
  ),
  json: jsonOption,
};

export const setLevelInput = {
  arguments: {
    customer: customerArgument,
    skill: argument('a skill id, e.g. hand_technique (a wrong one lists them)', (k) => k.skillOption()),
    level: argument('a level, e.g. intermediate, or "level not set"', (k) => k.levelOption()),
  },
  options: changeOptions,
} satisfies Declared;

export const grantPlanInput = {
  arguments: {
    customer: customerArgument,
    tier: argument('freemium | basic | premium | exclusive', (k) => k.tierOption(), {
      complete: ['freemium', 'basic', 'premium', 'exclusive'],
    }),
  },
  options: {
    period: option(
      'period',
      'monthly | yearly (default: monthly, or the running one)',
      (k) => k.periodOption().optional(),
      { complete: ['monthly', 'yearly'] },
    ),
    until: option('date', 'last day of the paid period, UTC (default: one period from now)', (k) =>
      k.z.string().optional(),
    ),
    ...changeOptions,
  },
} satisfies Declared;

export const resetUsageInput = {
  arguments: { customer: customerArgument },
  options: {
    day: option('day', 'the customer day, YYYY-MM-DD (default: the day of their last counted lesson)', (k) =>
      k.dayOption().optional(),
    ),
    ...changeOptions,
  },
} satisfies Declared;

export const eraseInput = {
  arguments: { customer: customerArgument },
  options: changeOptions,
} satisfies Declared;

export const exportInput = {
  arguments: { customer: customerArgument },
  options: {
    out: option('file', 'the zip file to write (readable by you only), or - for stdout', (k) =>
      k.text('name the file to write, e.g. --out data.zip'),
    ),
    force: flag('overwrite the file if it exists'),
    yes: flag('overwrite the file if it exists, without asking'),
    json: jsonOption,
  },
} satisfies Declared;

export const showInput = {
  arguments: { customer: customerArgument },
  options: {
    tz: option(
      'zone',
      "show times in this IANA zone (default: the customer's own)",
      (k) => k.timeZoneOption().optional(),
      { complete: 'zones' },
    ),
    showPersonal: showPersonalOption,
    json: jsonOption,
  },
} satisfies Declared;

export const PROVIDER_EVENTS = ['renewal', 'payment-failed', 'payment-recovered', 'cancellation'] as const;

export const triggerInput = {
  arguments: {
    event: argument(
      PROVIDER_EVENTS.join(' | '),
      (k) => k.z.enum(PROVIDER_EVENTS, { error: `expected one of ${PROVIDER_EVENTS.join(', ')}` }),
      { complete: PROVIDER_EVENTS },
    ),
    customer: customerArgument,
  },
  options: { ...changeOptions, tz: tzOption },
} satisfies Declared;

const actions = () => import('../actions/customer.js');

export const registerCustomerCommands = (program: Command) => {
  const customer = program
    .command('customer')
    .description(
      "look at or operate a customer's account: the API's own commands, with the operator recorded in each event",
    );
  defineCommand(customer, 'show', {
    description:
      'one screen: plan and subscription, zone, lessons left today, last practice, skills, mails sent',
    ...showInput,
    run: async () => (await import('../actions/customer-show.js')).runCustomerShow,
  });
  defineCommand(customer, 'set-level', {
    description: "set a skill's level (as PATCH /api/focus does: the skill's progress restarts at 0)",
    ...setLevelInput,
    run: async () => (await actions()).runSetLevel,
  });
  defineCommand(customer, 'grant-plan', {
    description: 'grant a plan: start or change a paid subscription without payment, or end it (freemium)',
    ...grantPlanInput,
    run: async () => (await actions()).runGrantPlan,
  });
  defineCommand(customer, 'reset-usage', {
    description: "reset a customer day's lesson count to 0, so the daily limit starts again",
    ...resetUsageInput,
    run: async () => (await actions()).runResetUsage,
  });
  defineCommand(customer, 'erase', {
    description: 'erase the customer for good, as DELETE /api/delete/account does',
    ...eraseInput,
    run: async () => (await actions()).runErase,
  });
  defineCommand(customer, 'export', {
    description:
      'write the customer\'s "Download my data" zip (as GET /api/export): events, read models, README',
    ...exportInput,
    run: async () => (await import('../actions/customer-export.js')).runCustomerExport,
  });
  defineCommand(customer, 'trigger', {
    description:
      "simulate the local payment provider's event for a customer's subscription, as `stripe trigger` does (local provider only)",
    ...triggerInput,
    run: async () => (await import('../actions/customer-trigger.js')).runCustomerTrigger,
  });
};
