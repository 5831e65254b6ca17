import { match } from 'ts-pattern';
import { DomainError } from '../errors/domain-error.js';
import { subscriptionTransition } from '../machines/subscription-machine.js';
import { TRIAL_DAYS } from '../rules/plans.js';
import type {
  ChangePassword,
  ChangeTimeZone,
  CustomerCommand,
  StartSubscription,
} from './customer-commands.js';
import type { CustomerEvent } from './customer-events.js';
import { customerSubscription } from './customer-queries.js';
import type { CustomerState, RegisteredCustomerState, SubscriptionState } from './customer-state.js';
import {
  subscriptionMachineEventOf,
  type CustomerSubscriptionEvent,
} from './customer-subscription-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A drummer who moves or travels changes the zone once; changing it back and forth would shift the
 * day boundary and hand out extra lessons, so a change waits a week after the last one.
 */
export const TIME_ZONE_CHANGE_INTERVAL_DAYS = 7;

const registered = (state: CustomerState): RegisteredCustomerState => {
  if (state.status === 'erased') throw new DomainError('customer_erased', 'This account has been deleted.');
  if (state.status === 'unregistered')
    throw new DomainError('not_registered', 'No account with these details exists.');
  return state;
};

const liveSubscription = (state: RegisteredCustomerState): SubscriptionState => {
  if (state.subscription === null)
    throw new DomainError('invalid_transition', 'There is no active subscription.');
  return state.subscription;
};

/**
 * The subscription machine is the one judge of which life-cycle step may happen now: the event
 * about to be recorded, through the one table (customer-subscription-events), must be a transition
 * it allows. Returns the event to record.
 */
const judged = <Event extends CustomerSubscriptionEvent>(
  customer: RegisteredCustomerState,
  event: Event,
): Event[] => {
  const result = subscriptionTransition(customerSubscription(customer), subscriptionMachineEventOf(event));
  if (!result.allowed) throw new DomainError('invalid_transition', result.reason);
  return [event];
};

const changePassword = (
  customer: RegisteredCustomerState,
  { passwordHash, recoverySecretId }: ChangePassword['data'],
  now: string,
): CustomerEvent[] => {
  if (recoverySecretId !== undefined && customer.usedRecoverySecretIds.includes(recoverySecretId))
    throw new DomainError('invalid_transition', 'This password link has already been used.');
  return [
    {
      type: 'PasswordChanged',
      data: { passwordHash, changedAt: now, ...(recoverySecretId === undefined ? {} : { recoverySecretId }) },
    },
  ];
};

const startSubscription = (
  customer: RegisteredCustomerState,
  command: StartSubscription,
): CustomerEvent[] => {
  const current = customer.subscription;
  const sameProviderSubscription =
    current !== null &&
    command.data.providerSubscriptionId !== undefined &&
    current.providerSubscriptionId === command.data.providerSubscriptionId;
  if (sameProviderSubscription) return []; // a replayed webhook
  const status = command.data.status ?? (customer.trialUsed ? 'active' : 'trialing');
  const trialEndsAt =
    status === 'trialing'
      ? (command.data.trialEndsAt ??
        new Date(command.metadata.now.getTime() + TRIAL_DAYS * DAY_MS).toISOString())
      : undefined;
  const { status: _status, trialEndsAt: _trialEndsAt, ...rest } = command.data;
  return judged(customer, {
    type: 'SubscriptionStarted',
    data: {
      ...rest,
      status,
      ...(trialEndsAt ? { trialEndsAt } : {}),
      startedAt: command.metadata.now.toISOString(),
    },
  });
};

const changeTimeZone = (customer: RegisteredCustomerState, command: ChangeTimeZone): CustomerEvent[] => {
  const { timeZone } = command.data;
  const now = command.metadata.now;
  if (customer.timeZone === null)
    return [{ type: 'TimeZonePinned', data: { timeZone, pinnedAt: now.toISOString() } }];
  if (customer.timeZone === timeZone) return [];
  const nextChange =
    customer.timeZoneChangedAt === null
      ? 0
      : Date.parse(customer.timeZoneChangedAt) + TIME_ZONE_CHANGE_INTERVAL_DAYS * DAY_MS;
  if (now.getTime() < nextChange)
    throw new DomainError(
      'too_soon',
      `The time zone was changed less than ${TIME_ZONE_CHANGE_INTERVAL_DAYS} days ago; it can be changed again from ${new Date(nextChange).toISOString()}.`,
    );
  return [
    { type: 'TimeZoneChanged', data: { from: customer.timeZone, timeZone, changedAt: now.toISOString() } },
  ];
};

export const decideCustomer = (command: CustomerCommand, state: CustomerState): CustomerEvent[] => {
  const now = command.metadata.now.toISOString();

  if (command.type === 'RegisterCustomer') {
    if (state.status === 'erased') throw new DomainError('customer_erased', 'This account has been deleted.');
    if (state.status === 'registered')
      throw new DomainError('already_registered', 'This account already exists.');
    return [{ type: 'CustomerRegistered', data: { ...command.data, registeredAt: now } }];
  }

  const customer = registered(state);
  return match(command)
    .returnType<CustomerEvent[]>()
    .with({ type: 'RequestVerificationMail' }, () => {
      if (customer.emailVerified)
        throw new DomainError('already_verified', `The email ${customer.email} is already verified.`);
      return [{ type: 'VerificationMailRequested', data: { requestedAt: now } }];
    })
    .with({ type: 'VerifyEmail' }, () =>
      customer.emailVerified ? [] : [{ type: 'EmailVerified', data: { verifiedAt: now } }],
    )
    .with({ type: 'RequestPasswordRecovery' }, () => [
      { type: 'PasswordRecoveryRequested', data: { requestedAt: now } },
    ])
    .with({ type: 'ChangePassword' }, ({ data }) => changePassword(customer, data, now))
    .with({ type: 'StartSubscription' }, (start) => startSubscription(customer, start))
    .with({ type: 'ActivateSubscription' }, ({ data: { currentPeriodEnd } }) => {
      const subscription = liveSubscription(customer);
      const unchanged =
        subscription.status === 'active' && subscription.currentPeriodEnd === currentPeriodEnd;
      return unchanged
        ? []
        : judged(customer, { type: 'SubscriptionActivated', data: { currentPeriodEnd, activatedAt: now } });
    })
    .with({ type: 'ChangePlan' }, ({ data: { tier, period } }) => {
      const subscription = liveSubscription(customer);
      if (subscription.tier === tier && subscription.period === period) return [];
      return judged(customer, {
        type: 'SubscriptionPlanChanged',
        data: { fromTier: subscription.tier, tier, fromPeriod: subscription.period, period, changedAt: now },
      });
    })
    .with({ type: 'ScheduleCancellation' }, ({ data }) => {
      const subscription = liveSubscription(customer);
      if (subscription.cancelAt !== null) return [];
      const cancelAt = data.cancelAt ?? subscription.currentPeriodEnd;
      return judged(customer, {
        type: 'SubscriptionCancellationScheduled',
        data: { cancelAt, scheduledAt: now },
      });
    })
    .with({ type: 'ResumeSubscription' }, () =>
      judged(customer, { type: 'SubscriptionResumed', data: { resumedAt: now } }),
    )
    .with({ type: 'RecordPaymentFailure' }, () =>
      liveSubscription(customer).status === 'past_due'
        ? []
        : judged(customer, { type: 'SubscriptionPaymentFailed', data: { failedAt: now } }),
    )
    .with({ type: 'EndSubscription' }, () =>
      customer.subscription === null
        ? []
        : judged(customer, { type: 'SubscriptionEnded', data: { endedAt: now } }),
    )
    .with({ type: 'RequestErasure' }, () =>
      customer.erasureRequested ? [] : [{ type: 'CustomerErasureRequested', data: { requestedAt: now } }],
    )
    .with({ type: 'EraseCustomer' }, () => [
      { type: 'CustomerErased', data: { customerId: customer.customerId, erasedAt: now } },
    ])
    .with({ type: 'PinTimeZone' }, ({ data: { timeZone } }) =>
      customer.timeZone !== null ? [] : [{ type: 'TimeZonePinned', data: { timeZone, pinnedAt: now } }],
    )
    .with({ type: 'ChangeTimeZone' }, (change) => changeTimeZone(customer, change))
    .exhaustive();
};
