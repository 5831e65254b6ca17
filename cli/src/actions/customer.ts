import type { Backend } from '@stickwork/app-api';
import type { eraseInput, grantPlanInput, resetUsageInput, setLevelInput } from '../commands/customer.js';
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
import type { InputOf } from '../define-command.js';
import { readInstant } from '../options.js';
import { printJson, renderHistory } from '../ui/print.js';

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
const operate = async <
  O extends { customer: string; yes: boolean; operator?: string | undefined; json: boolean },
>(
  options: O,
  question: (name: string) => string,
  run: (backend: Backend, customerId: string) => Promise<Operation>,
) => {
  const operator = operatorName(options.operator);
  const operation = await withBackend(async (backend) => {
    const customerId = await resolveCustomer(backend, options.customer);
    await requireConfirmation(question(await describeCustomer(backend, customerId)), { yes: options.yes });
    return run(asOperator(backend, operator), customerId);
  });
  await printOperation(operation, operator, options.json);
};

export const runSetLevel = (options: InputOf<typeof setLevelInput>) =>
  operate(
    options,
    (name) => `Set ${options.skill} to ${options.level} for ${name}?`,
    (backend, id) => setSkillLevel(backend, id, options),
  );

export const runGrantPlan = (options: InputOf<typeof grantPlanInput>) => {
  // A bare day is the end of that day (UTC): the paid period covers it.
  const until = options.until === undefined ? undefined : readInstant('--until', options.until, 'UTC', 'end');
  return operate(
    options,
    (name) => `Grant the ${options.tier} plan to ${name}?`,
    (backend, id) =>
      grantPlan(backend, id, {
        tier: options.tier,
        ...(options.period ? { period: options.period } : {}),
        ...(until ? { until } : {}),
      }),
  );
};

export const runResetUsage = (options: InputOf<typeof resetUsageInput>) =>
  operate(
    options,
    (name) => `Reset the lesson count of ${options.day ?? 'their last counted day'} for ${name}?`,
    (backend, id) => resetUsage(backend, id, options.day),
  );

export const runErase = (options: InputOf<typeof eraseInput>) =>
  operate(
    options,
    (name) => `Erase ${name} and all their data? This cannot be undone.`,
    (backend, id) => eraseCustomer(backend, id),
  );
