import {
  isTrialAvailable,
  TRIAL_DAYS,
  type BillingPeriod,
  type CustomerEvent,
  type PaidTier,
  type Tier,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';
import { runCustomerCommand, type CustomerCommandInput } from '../accounts/customer-commands.js';
import { loadRegisteredCustomer } from '../accounts/customer-records.js';

type PlanBackend = Pick<Backend, 'store' | 'clock' | 'projections'>;
const DAY_MS = 86_400_000;

/** An operator's grant (`stickwork customer grant-plan`). */
export interface PlanGrant {
  tier: Tier;
  /** Default: monthly for a new plan, the running plan's period for a change. */
  period?: BillingPeriod;
  /** The last moment of the paid period. */
  until?: Date;
}

/** One billing period from `now`: a calendar month or year later. */
export const periodEndAfter = (now: Date, period: BillingPeriod): Date => {
  const end = new Date(now);
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
};

/** Runs the commands in turn; answers the events appended and waits until the read models show them. */
const runAll = async (backend: PlanBackend, customerId: string, commands: CustomerCommandInput[]) => {
  const now = backend.clock();
  const events: CustomerEvent[] = [];
  let position: number | null = null;
  for (const command of commands) {
    const result = await runCustomerCommand(backend, customerId, command, { now });
    events.push(...result.events);
    position = result.position ?? position;
  }
  if (position !== null) await backend.projections.waitFor(position);
  return { events, position };
};

/**
 * Plans without a payment provider, through the customer decider (and so the subscription machine,
 * which judges every step) as the payment flow's commands go.
 */
export const createPlanService = (backend: PlanBackend) => ({
  /**
   * The operator's grant: a paid tier starts an active subscription (no trial is used up) or changes
   * the running one; `until` sets the end of the paid period; freemium ends the subscription.
   */
  async grantPlan(customerId: string, grant: PlanGrant) {
    const now = backend.clock();
    const customer = await loadRegisteredCustomer(backend.store, customerId);
    if (!customer) throw new Error(`customer ${customerId} is not registered`);
    const commands: CustomerCommandInput[] = [];
    if (grant.tier === 'freemium') commands.push({ type: 'EndSubscription', data: {} });
    else if (customer.subscription === null) {
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
        commands.push({
          type: 'ActivateSubscription',
          data: { currentPeriodEnd: grant.until.toISOString() },
        });
    }
    return runAll(backend, customerId, commands);
  },

  /**
   * A paid checkout as the seed plays it (no provider): the decider starts the 14-day trial of a
   * customer's first one, whose period ends with the trial (as the local test-payment checkout's
   * does, so the trial's end is its first renewal), else an active plan for one billing period.
   */
  async checkoutWithoutProvider(customerId: string, plan: { tier: PaidTier; period: BillingPeriod }) {
    const now = backend.clock();
    const customer = await loadRegisteredCustomer(backend.store, customerId);
    const currentPeriodEnd = (
      customer && isTrialAvailable(customer)
        ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS)
        : periodEndAfter(now, plan.period)
    ).toISOString();
    return runAll(backend, customerId, [{ type: 'StartSubscription', data: { ...plan, currentPeriodEnd } }]);
  },
});

export type PlanService = ReturnType<typeof createPlanService>;
