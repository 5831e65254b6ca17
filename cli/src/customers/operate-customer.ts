import {
  createPlanService,
  createPracticeService,
  eraseAccount,
  lessonCatalogue,
  loadCustomer,
  type Backend,
} from '@stickwork/app-api';
import {
  fieldErrors,
  skillPreferencePatchSchema,
  validationErrorBody,
  type BillingPeriod,
  type CustomerState,
  type Level,
  type Skill,
  type Tier,
} from '@stickwork/domain';
import { CliError } from '../context.js';

/** What an operating command wrote: the events the service appended, as the history shows them. */
export interface Operation {
  customerId: string;
  events: { type: string; data: unknown }[];
}

type OperatorBackend = Pick<
  Backend,
  'store' | 'readModels' | 'projections' | 'clock' | 'compactStore' | 'logger' | 'mailer' | 'reservations'
>;

/**
 * The customer as the API's one loader reads them (an erased customer reads as erased), or the
 * operator's error.
 */
const registered = async (backend: Pick<Backend, 'store'>, customerId: string) => {
  const state: CustomerState = await loadCustomer(backend.store, customerId);
  if (state.status === 'erased') throw new CliError(`customer ${customerId} has been erased`);
  if (state.status !== 'registered') throw new CliError(`customer ${customerId} is not registered`);
  return state;
};

const operation = (customerId: string, events: readonly { type: string; data: unknown }[]): Operation => ({
  customerId,
  events: events.map(({ type, data }) => ({ type, data })),
});

/**
 * PATCH /api/focus for the customer, through the practice service itself: the same validation
 * (the request schema), the same command and events. The skill keeps its selection; a skill
 * without a level is selected when it gets one, and 'level not set' deselects it.
 */
export const setSkillLevel = async (
  backend: OperatorBackend,
  customerId: string,
  input: { skill: string; level: string },
): Promise<Operation> => {
  await registered(backend, customerId);
  // The request schema's checks; the selection itself is the service's, read from the stream.
  const parsed = fieldErrors(skillPreferencePatchSchema, {
    skillName: input.skill,
    level: input.level,
    selected: input.level !== 'level not set',
  });
  if (!parsed.ok) throw new CliError(`invalid arguments: ${validationErrorBody(parsed.errors).message}`);
  const events = await createPracticeService(backend, lessonCatalogue).setSkillLevel(
    customerId,
    parsed.value.skillName as Skill,
    parsed.value.level as Level,
  );
  return operation(customerId, events);
};

/**
 * Grants a plan through the payments side's plan service: a paid tier starts an active
 * subscription (no trial is used up) or changes the running one; `until` sets the end of the paid
 * period; freemium ends the subscription. The subscription machine judges every step.
 */
export const grantPlan = async (
  backend: OperatorBackend,
  customerId: string,
  grant: { tier: Tier; period?: BillingPeriod; until?: Date },
): Promise<Operation> => {
  if (grant.until && grant.until.getTime() <= backend.clock().getTime())
    throw new CliError('invalid --until: the paid period must end in the future');
  if (grant.tier === 'freemium' && grant.until)
    throw new CliError('invalid --until: freemium has no paid period');
  await registered(backend, customerId);
  const { events } = await createPlanService(backend).grantPlan(customerId, grant);
  return operation(customerId, events);
};

/**
 * Clears one customer day's lesson count (default: the day of their last counted lesson), so the
 * daily limit counts from 0 again that day.
 */
export const resetUsage = async (
  backend: OperatorBackend,
  customerId: string,
  day?: string,
): Promise<Operation> => {
  await registered(backend, customerId);
  const events = await createPracticeService(backend, lessonCatalogue).resetUsage(customerId, day);
  if (events === null) throw new CliError(`customer ${customerId} has no counted lessons to reset`);
  return operation(customerId, events);
};

/** DELETE /api/delete/account for the customer: the accounts service's own erasure. */
export const eraseCustomer = async (backend: OperatorBackend, customerId: string): Promise<Operation> => {
  await registered(backend, customerId);
  return operation(customerId, await eraseAccount(backend, customerId));
};

/** Who the confirmation question names: the email while the customer exists, else the id. */
export const describeCustomer = async (backend: Pick<Backend, 'store'>, customerId: string) => {
  const state = await loadCustomer(backend.store, customerId);
  return state.status === 'registered' ? `${state.email} (${customerId})` : customerId;
};
