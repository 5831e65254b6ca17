import { z } from 'zod';
import type { Backend } from '@stickwork/app-api';
import { BILLING_PERIODS, LEVELS, PAID_TIERS, SKILLS } from '@stickwork/domain';
import { requireConfirmation } from '../confirmation.js';
import { withBackend } from '../context.js';
import {
  describeCustomer,
  eraseCustomer,
  grantPlan,
  resetUsage,
  setSkillLevel,
  type Operation,
} from '../customers/operate-customer.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import { summarizeEvent, withoutSecrets } from '../history/event-summary.js';
import { asOperator, operatorName } from '../operator.js';
import { dayOption, parseOptions, readInstant } from '../options.js';
import { printJson, renderHistory } from '../ui/print.js';

const common = {
  customer: z.string().min(1, { message: 'name a customer by id or email' }),
  yes: z.boolean().default(false),
  operator: z.string().trim().min(1, { message: 'must not be empty' }).optional(),
  json: z.boolean().default(false),
};

const schemas = {
  'set-level': z.object({
    ...common,
    skill: z.enum(SKILLS, { error: `expected one of ${SKILLS.join(', ')}` }),
    level: z.enum(LEVELS, { error: `expected one of ${LEVELS.map((level) => `"${level}"`).join(', ')}` }),
  }),
  'grant-plan': z.object({
    ...common,
    tier: z.enum(['freemium', ...PAID_TIERS], {
      error: `expected freemium or one of ${PAID_TIERS.join(', ')}`,
    }),
    period: z.enum(BILLING_PERIODS, { error: 'expected monthly or yearly' }).optional(),
    until: z.string().optional(),
  }),
  'reset-usage': z.object({ ...common, day: dayOption().optional() }),
  erase: z.object(common),
};
type Action = keyof typeof schemas;

const printOperation = async (operation: Operation, operator: string, json: boolean) => {
  if (json)
    return printJson({
      customerId: operation.customerId,
      operator,
      events: operation.events.map(({ type, data }) => ({ type, data: withoutSecrets(data) })),
    });
  if (operation.events.length === 0)
    return void process.stdout.write('Nothing to change: no event written.\n');
  await renderHistory(
    operation.events.map((event) => ({
      time: '',
      type: event.type,
      summary: summarizeEvent({ ...event, metadata: { schemaVersion: 1, time: '', operator } }),
    })),
  );
};

/** Opens the store, resolves the customer, asks, and runs the operation as the operator. */
const operate = async (
  action: Action,
  raw: Record<string, unknown>,
  positional: string[],
  question: (options: z.output<(typeof schemas)[Action]>, who: string) => string,
  run: (backend: Backend, customerId: string, options: never) => Promise<Operation>,
) => {
  const options = parseOptions(schemas[action], raw, positional);
  const operator = operatorName(options.operator);
  const operation = await withBackend(async (backend) => {
    const customerId = await resolveCustomer(backend, options.customer);
    await requireConfirmation(question(options, await describeCustomer(backend, customerId)), {
      yes: options.yes,
    });
    return run(asOperator(backend, operator), customerId, options as never);
  });
  await printOperation(operation, operator, options.json);
};

export const runSetLevel = (who: string, skill: string, level: string, raw: Record<string, unknown>) =>
  operate(
    'set-level',
    { ...raw, customer: who, skill, level },
    ['customer', 'skill', 'level'],
    (options, name) => `Set ${String((options as { skill: string }).skill)} to ${level} for ${name}?`,
    (backend, id, options: { skill: string; level: string }) => setSkillLevel(backend, id, options),
  );

export const runGrantPlan = (who: string, tier: string, raw: Record<string, unknown>) =>
  operate(
    'grant-plan',
    { ...raw, customer: who, tier },
    ['customer', 'tier'],
    (_options, name) => `Grant the ${tier} plan to ${name}?`,
    (backend, id, options: z.output<(typeof schemas)['grant-plan']>) =>
      grantPlan(backend, id, {
        tier: options.tier,
        ...(options.period ? { period: options.period } : {}),
        // A bare day is the end of that day (UTC): the paid period covers it.
        ...(options.until ? { until: readInstant('--until', options.until, 'UTC', 'end') } : {}),
      }),
  );

export const runResetUsage = (who: string, raw: Record<string, unknown>) =>
  operate(
    'reset-usage',
    { ...raw, customer: who },
    ['customer'],
    (options, name) =>
      `Reset the lesson count of ${(options as { day?: string }).day ?? 'their last counted day'} for ${name}?`,
    (backend, id, options: { day?: string }) => resetUsage(backend, id, options.day),
  );

export const runErase = (who: string, raw: Record<string, unknown>) =>
  operate(
    'erase',
    { ...raw, customer: who },
    ['customer'],
    (_options, name) => `Erase ${name} and all their data? This cannot be undone.`,
    (backend, id) => eraseCustomer(backend, id),
  );
