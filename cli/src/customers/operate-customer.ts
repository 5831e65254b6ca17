import { createPracticeService, eraseAccount, lessonCatalogue, type Backend } from '@stickwork/app-api';
import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  erasureStreamId,
  fieldErrors,
  foldEvents,
  handleCommand,
  practiceDecider,
  practiceEventSchemaVersions,
  practiceStreamId,
  skillPreferencePatchSchema,
  subscriptionOf,
  toDomainEvents,
  validationErrorBody,
  type BillingPeriod,
  type CustomerCommand,
  type CustomerEvent,
  type CustomerState,
  type PracticeEvent,
  type PracticeState,
  type Tier,
} from '@stickwork/domain';
import { CliError } from '../context.js';
import { recordAppends } from '../operator.js';

/** What an operating command wrote: its events, as the history shows them. */
export interface Operation {
  customerId: string;
  events: { type: string; data: unknown }[];
}

type OperatorBackend = Pick<
  Backend,
  'store' | 'readModels' | 'projections' | 'clock' | 'compactStore' | 'logger' | 'mailer'
>;

/** The customer decider's state; the erasure marker outlives the deleted stream, so an erased customer reads as erased. */
export const loadCustomerState = async (
  backend: Pick<Backend, 'store'>,
  customerId: string,
): Promise<CustomerState> => {
  const [stream, erasure] = await Promise.all([
    backend.store.readStream(customerStreamId(customerId)),
    backend.store.readStream(erasureStreamId(customerId)),
  ]);
  return foldEvents(
    customerDecider,
    toDomainEvents<CustomerEvent>([...stream, ...erasure], customerEventSchemaVersions),
  );
};

const loadPracticeState = async (
  backend: Pick<Backend, 'store'>,
  customerId: string,
): Promise<PracticeState> =>
  foldEvents(
    practiceDecider,
    toDomainEvents<PracticeEvent>(
      await backend.store.readStream(practiceStreamId(customerId)),
      practiceEventSchemaVersions,
    ),
  );

const registered = (state: CustomerState, customerId: string) => {
  if (state.status === 'erased') throw new CliError(`customer ${customerId} has been erased`);
  if (state.status !== 'registered') throw new CliError(`customer ${customerId} is not registered`);
  return state;
};

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
  const customer = registered(await loadCustomerState(backend, customerId), customerId);
  const current = await loadPracticeState(backend, customerId);
  const known = current.levels[input.skill as keyof PracticeState['levels']];
  const selected =
    input.level !== 'level not set' &&
    (known === undefined ||
      known === 'level not set' ||
      current.selected[input.skill as keyof PracticeState['selected']]);
  const parsed = fieldErrors(skillPreferencePatchSchema, {
    skillName: input.skill,
    level: input.level,
    selected,
  });
  if (!parsed.ok) throw new CliError(`invalid arguments: ${validationErrorBody(parsed.errors).message}`);
  // Exactly what this command appended: a stream re-read would also show the API's writes meanwhile.
  const { store, appended } = recordAppends(backend.store);
  await createPracticeService({ ...backend, store }, lessonCatalogue()).changeSkillPreference(
    { customerId, plan: subscriptionOf(customer) },
    parsed.value,
  );
  return { customerId, events: appended.map(({ type, data }) => ({ type, data })) };
};

/** One billing period from `now`: a calendar month or year later. */
export const periodEndAfter = (now: Date, period: BillingPeriod): Date => {
  const end = new Date(now);
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
};

/**
 * Grants a plan through the customer decider, as the payment flow does: a paid tier starts an
 * active subscription (no trial is used up) or changes the running one; `until` sets the end of
 * the paid period; freemium ends the subscription. The subscription machine judges every step.
 */
export const grantPlan = async (
  backend: OperatorBackend,
  customerId: string,
  grant: { tier: Tier; period?: BillingPeriod; until?: Date },
): Promise<Operation> => {
  const now = backend.clock();
  if (grant.until && grant.until.getTime() <= now.getTime())
    throw new CliError('invalid --until: the paid period must end in the future');
  const customer = registered(await loadCustomerState(backend, customerId), customerId);
  const commands: Omit<CustomerCommand, 'metadata'>[] = [];
  if (grant.tier === 'freemium') {
    if (grant.until) throw new CliError('invalid --until: freemium has no paid period');
    commands.push({ type: 'EndSubscription', data: {} });
  } else if (customer.subscription === null) {
    const period = grant.period ?? 'monthly';
    commands.push({
      type: 'StartSubscription',
      data: {
        tier: grant.tier,
        period,
        status: 'active',
        currentPeriodEnd: (grant.until ?? periodEndAfter(now, period)).toISOString(),
      },
    });
  } else {
    commands.push({
      type: 'ChangePlan',
      data: { tier: grant.tier, period: grant.period ?? customer.subscription.period },
    });
    if (grant.until)
      commands.push({ type: 'ActivateSubscription', data: { currentPeriodEnd: grant.until.toISOString() } });
  }
  const events: Operation['events'] = [];
  let position: number | null = null;
  for (const command of commands) {
    const result = await handleCommand(
      backend.store,
      customerStreamId(customerId),
      customerDecider,
      customerEventSchemaVersions,
      {
        ...command,
        metadata: { now },
      } as CustomerCommand,
    );
    events.push(...result.events);
    position = result.position ?? position;
  }
  if (position !== null) await backend.projections.waitFor(position);
  return { customerId, events };
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
  registered(await loadCustomerState(backend, customerId), customerId);
  const stream = practiceStreamId(customerId);
  const lastCounted = (await backend.store.readStream(stream))
    .filter((event) => event.type === 'UsageIncremented')
    .map((event) => (event.data as { day: string }).day)
    .at(-1);
  const target = day ?? lastCounted;
  if (target === undefined) throw new CliError(`customer ${customerId} has no counted lessons to reset`);
  const result = await handleCommand(backend.store, stream, practiceDecider, practiceEventSchemaVersions, {
    type: 'ResetUsage',
    data: { day: target },
    metadata: { now: backend.clock() },
  });
  if (result.position !== null) await backend.projections.waitFor(result.position);
  return { customerId, events: result.events };
};

/** DELETE /api/delete/account for the customer: the accounts service's own erasure. */
export const eraseCustomer = async (backend: OperatorBackend, customerId: string): Promise<Operation> => {
  registered(await loadCustomerState(backend, customerId), customerId);
  const { store, appended } = recordAppends(backend.store);
  await eraseAccount({ ...backend, store }, customerId);
  return { customerId, events: appended.map(({ type, data }) => ({ type, data })) };
};
