import type { Decider, DomainCommand } from '../decider/decider.js';
import {
  FREEMIUM_SUBSCRIPTION,
  subscriptionTransition,
  type SubscriptionMachineEvent,
  type SubscriptionSummary,
} from '../machines/subscription-machine.js';
import { DomainError } from '../decider/domain-error.js';
import {
  TRIAL_DAYS,
  type BillingPeriod,
  type PaidTier,
  type SubscriptionStatus,
  type Tier,
} from '../rules/plans.js';
import type { CustomerEvent, CustomerRegistered, LiveSubscriptionStatus } from './customer-events.js';

//////////////////// State

export interface SubscriptionState {
  tier: PaidTier;
  period: BillingPeriod;
  status: LiveSubscriptionStatus;
  trialEndsAt?: string;
  currentPeriodEnd: string;
  /** Set while a cancellation at period end is scheduled. */
  cancelAt: string | null;
  providerCustomerId?: string;
  providerSubscriptionId?: string;
}

export type CustomerState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      customerId: string;
      email: string;
      firstname: string;
      lastname: string;
      emailVerified: boolean;
      passwordHash: string;
      /** ISO time of the last password change; login tokens issued before it are void. */
      passwordChangedAt: string | null;
      /** Recovery secrets (`jti`) already spent on a password change. */
      usedRecoverySecretIds: readonly string[];
      subscription: SubscriptionState | null;
      /** A customer's first paid checkout starts the trial; later ones do not. */
      trialUsed: boolean;
      /** A subscription ended and none runs now: status canceled, freemium entitlements. */
      subscriptionEnded: boolean;
      erasureRequested: boolean;
      /** The pinned time zone of the daily limit; null until the first practice request pins it. */
      timeZone: string | null;
      /** When the pinned zone was last changed explicitly (changes are rate-limited). */
      timeZoneChangedAt: string | null;
    }
  | { status: 'erased' };

type RegisteredCustomer = Extract<CustomerState, { status: 'registered' }>;

export const initialCustomerState = (): CustomerState => ({ status: 'unregistered' });

export const evolveCustomer = (state: CustomerState, event: CustomerEvent): CustomerState => {
  if (event.type === 'CustomerRegistered') {
    const { customerId, email, firstname, lastname, passwordHash } = event.data;
    return {
      status: 'registered',
      customerId,
      email,
      firstname,
      lastname,
      emailVerified: false,
      passwordHash,
      passwordChangedAt: null,
      usedRecoverySecretIds: [],
      subscription: null,
      trialUsed: false,
      subscriptionEnded: false,
      erasureRequested: false,
      timeZone: null,
      timeZoneChangedAt: null,
    };
  }
  if (event.type === 'CustomerErased') return { status: 'erased' };
  if (state.status !== 'registered') return state;

  const subscription = state.subscription;
  const withSubscription = (changes: Partial<SubscriptionState>): CustomerState =>
    subscription ? { ...state, subscription: { ...subscription, ...changes } } : state;

  switch (event.type) {
    case 'VerificationMailRequested':
    case 'PasswordRecoveryRequested':
      return state;
    case 'EmailVerified':
      return { ...state, emailVerified: true };
    case 'PasswordChanged': {
      const { passwordHash, changedAt, recoverySecretId } = event.data;
      return {
        ...state,
        passwordHash,
        passwordChangedAt: changedAt,
        usedRecoverySecretIds:
          recoverySecretId === undefined
            ? state.usedRecoverySecretIds
            : [...state.usedRecoverySecretIds, recoverySecretId],
      };
    }
    case 'SubscriptionStarted': {
      const { startedAt: _startedAt, ...started } = event.data;
      return {
        ...state,
        subscription: { ...started, cancelAt: null },
        subscriptionEnded: false,
        trialUsed: state.trialUsed || started.status === 'trialing',
      };
    }
    case 'SubscriptionActivated':
      return withSubscription({ status: 'active', currentPeriodEnd: event.data.currentPeriodEnd });
    case 'SubscriptionPlanChanged':
      return withSubscription({ tier: event.data.tier, period: event.data.period });
    case 'SubscriptionCancellationScheduled':
      return withSubscription({ cancelAt: event.data.cancelAt });
    case 'SubscriptionResumed':
      return withSubscription({ cancelAt: null });
    case 'SubscriptionPaymentFailed':
      return withSubscription({ status: 'past_due' });
    case 'SubscriptionEnded':
      return { ...state, subscription: null, subscriptionEnded: true };
    case 'CustomerErasureRequested':
      return { ...state, erasureRequested: true };
    case 'TimeZonePinned':
      return { ...state, timeZone: event.data.timeZone };
    case 'TimeZoneChanged':
      return { ...state, timeZone: event.data.timeZone, timeZoneChangedAt: event.data.changedAt };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

//////////////////// Queries the token and customer-info need

/** The subscription in the shape of the subscription machine (customer-info, the web app's view). */
export const customerSubscription = (state: CustomerState): SubscriptionSummary => {
  if (state.status !== 'registered') return FREEMIUM_SUBSCRIPTION;
  const subscription = state.subscription;
  if (subscription) {
    const { status, tier, period, cancelAt } = subscription;
    return { status, tier, period, cancelAt };
  }
  return state.subscriptionEnded ? { ...FREEMIUM_SUBSCRIPTION, status: 'canceled' } : FREEMIUM_SUBSCRIPTION;
};

/** Tier and status as the token reports them (`activeTier`, `subscription_status`). */
export const subscriptionOf = (state: CustomerState): { tier: Tier; status: SubscriptionStatus } => {
  const { tier, status } = customerSubscription(state);
  return { tier, status };
};

/** Whether a checkout now would start the 14-day trial (only a customer's first one does). */
export const isTrialAvailable = (state: CustomerState): boolean =>
  state.status === 'registered' && !state.trialUsed;

//////////////////// Commands

type Command<Type extends string, Data = Record<string, never>> = DomainCommand<Type, Data>;

export type RegisterCustomer = Command<'RegisterCustomer', Omit<CustomerRegistered['data'], 'registeredAt'>>;
export type RequestVerificationMail = Command<'RequestVerificationMail'>;
export type VerifyEmail = Command<'VerifyEmail'>;
export type RequestPasswordRecovery = Command<'RequestPasswordRecovery'>;
export type ChangePassword = Command<
  'ChangePassword',
  {
    passwordHash: string;
    /** Set when a recovery secret allows the change: each secret changes the password once. */
    recoverySecretId?: string;
  }
>;
export type StartSubscription = Command<
  'StartSubscription',
  {
    tier: PaidTier;
    period: BillingPeriod;
    /** As the payment provider reports it; when absent the decider starts a trial if one is still available. */
    status?: 'trialing' | 'active';
    trialEndsAt?: string;
    currentPeriodEnd: string;
    providerCustomerId?: string;
    providerSubscriptionId?: string;
  }
>;
export type ActivateSubscription = Command<'ActivateSubscription', { currentPeriodEnd: string }>;
export type ChangePlan = Command<'ChangePlan', { tier: PaidTier; period: BillingPeriod }>;
/** Without `cancelAt` the subscription ends at its current period end. */
export type ScheduleCancellation = Command<'ScheduleCancellation', { cancelAt?: string }>;
export type ResumeSubscription = Command<'ResumeSubscription'>;
export type RecordPaymentFailure = Command<'RecordPaymentFailure'>;
export type EndSubscription = Command<'EndSubscription'>;
export type RequestErasure = Command<'RequestErasure'>;
/** Pins the zone on first use; a no-op once one is pinned (requests never move it). */
export type PinTimeZone = Command<'PinTimeZone', { timeZone: string }>;
/** The customer's explicit change of the pinned zone, at most once in `TIME_ZONE_CHANGE_INTERVAL_DAYS`. */
export type ChangeTimeZone = Command<'ChangeTimeZone', { timeZone: string }>;
export type EraseCustomer = Command<'EraseCustomer'>;

export type CustomerCommand =
  | RegisterCustomer
  | RequestVerificationMail
  | VerifyEmail
  | RequestPasswordRecovery
  | ChangePassword
  | StartSubscription
  | ActivateSubscription
  | ChangePlan
  | ScheduleCancellation
  | ResumeSubscription
  | RecordPaymentFailure
  | EndSubscription
  | RequestErasure
  | EraseCustomer
  | PinTimeZone
  | ChangeTimeZone;

//////////////////// Decide

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A drummer who moves or travels changes the zone once; changing it back and forth would shift the
 * day boundary and hand out extra lessons, so a change waits a week after the last one.
 */
export const TIME_ZONE_CHANGE_INTERVAL_DAYS = 7;

const registered = (state: CustomerState): RegisteredCustomer => {
  if (state.status === 'erased') throw new DomainError('customer_erased', 'This account has been deleted.');
  if (state.status === 'unregistered')
    throw new DomainError('not_registered', 'No account with these details exists.');
  return state;
};

const liveSubscription = (state: RegisteredCustomer): SubscriptionState => {
  if (state.subscription === null)
    throw new DomainError('invalid_transition', 'There is no active subscription.');
  return state.subscription;
};

/** The subscription machine is the one judge of which life-cycle step may happen now. */
const checkTransition = (customer: RegisteredCustomer, event: SubscriptionMachineEvent): void => {
  const result = subscriptionTransition(customerSubscription(customer), event);
  if (!result.allowed) throw new DomainError('invalid_transition', result.reason);
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
  switch (command.type) {
    case 'RequestVerificationMail':
      if (customer.emailVerified)
        throw new DomainError('already_verified', `The email ${customer.email} is already verified.`);
      return [{ type: 'VerificationMailRequested', data: { requestedAt: now } }];
    case 'VerifyEmail':
      return customer.emailVerified ? [] : [{ type: 'EmailVerified', data: { verifiedAt: now } }];
    case 'RequestPasswordRecovery':
      return [{ type: 'PasswordRecoveryRequested', data: { requestedAt: now } }];
    case 'ChangePassword': {
      const { passwordHash, recoverySecretId } = command.data;
      if (recoverySecretId !== undefined && customer.usedRecoverySecretIds.includes(recoverySecretId))
        throw new DomainError('invalid_transition', 'This password link has already been used.');
      return [
        {
          type: 'PasswordChanged',
          data: {
            passwordHash,
            changedAt: now,
            ...(recoverySecretId === undefined ? {} : { recoverySecretId }),
          },
        },
      ];
    }
    case 'StartSubscription': {
      const current = customer.subscription;
      const sameProviderSubscription =
        current !== null &&
        command.data.providerSubscriptionId !== undefined &&
        current.providerSubscriptionId === command.data.providerSubscriptionId;
      if (sameProviderSubscription) return []; // a replayed webhook
      const status = command.data.status ?? (customer.trialUsed ? 'active' : 'trialing');
      const { tier, period } = command.data;
      checkTransition(customer, { type: 'subscription.started', tier, period, trial: status === 'trialing' });
      const trialEndsAt =
        status === 'trialing'
          ? (command.data.trialEndsAt ??
            new Date(command.metadata.now.getTime() + TRIAL_DAYS * DAY_MS).toISOString())
          : undefined;
      const { status: _status, trialEndsAt: _trialEndsAt, ...rest } = command.data;
      return [
        {
          type: 'SubscriptionStarted',
          data: { ...rest, status, ...(trialEndsAt ? { trialEndsAt } : {}), startedAt: now },
        },
      ];
    }
    case 'ActivateSubscription': {
      const subscription = liveSubscription(customer);
      const unchanged =
        subscription.status === 'active' && subscription.currentPeriodEnd === command.data.currentPeriodEnd;
      if (!unchanged) checkTransition(customer, { type: 'subscription.activated' });
      return unchanged
        ? []
        : [
            {
              type: 'SubscriptionActivated',
              data: { currentPeriodEnd: command.data.currentPeriodEnd, activatedAt: now },
            },
          ];
    }
    case 'ChangePlan': {
      const subscription = liveSubscription(customer);
      const { tier, period } = command.data;
      if (subscription.tier === tier && subscription.period === period) return [];
      checkTransition(customer, { type: 'subscription.plan_changed', tier, period });
      return [
        {
          type: 'SubscriptionPlanChanged',
          data: {
            fromTier: subscription.tier,
            tier,
            fromPeriod: subscription.period,
            period,
            changedAt: now,
          },
        },
      ];
    }
    case 'ScheduleCancellation': {
      const subscription = liveSubscription(customer);
      if (subscription.cancelAt !== null) return [];
      const cancelAt = command.data.cancelAt ?? subscription.currentPeriodEnd;
      checkTransition(customer, { type: 'subscription.cancellation_scheduled', cancelAt });
      return [{ type: 'SubscriptionCancellationScheduled', data: { cancelAt, scheduledAt: now } }];
    }
    case 'ResumeSubscription': {
      checkTransition(customer, { type: 'subscription.resumed' });
      return [{ type: 'SubscriptionResumed', data: { resumedAt: now } }];
    }
    case 'RecordPaymentFailure': {
      if (liveSubscription(customer).status === 'past_due') return [];
      checkTransition(customer, { type: 'subscription.payment_failed' });
      return [{ type: 'SubscriptionPaymentFailed', data: { failedAt: now } }];
    }
    case 'EndSubscription':
      if (customer.subscription === null) return [];
      checkTransition(customer, { type: 'subscription.ended' });
      return [{ type: 'SubscriptionEnded', data: { endedAt: now } }];
    case 'RequestErasure':
      return customer.erasureRequested
        ? []
        : [{ type: 'CustomerErasureRequested', data: { requestedAt: now } }];
    case 'EraseCustomer':
      return [{ type: 'CustomerErased', data: { customerId: customer.customerId, erasedAt: now } }];
    case 'PinTimeZone':
      return customer.timeZone !== null
        ? []
        : [{ type: 'TimeZonePinned', data: { timeZone: command.data.timeZone, pinnedAt: now } }];
    case 'ChangeTimeZone': {
      const { timeZone } = command.data;
      if (customer.timeZone === null) return [{ type: 'TimeZonePinned', data: { timeZone, pinnedAt: now } }];
      if (customer.timeZone === timeZone) return [];
      const nextChange =
        customer.timeZoneChangedAt === null
          ? 0
          : Date.parse(customer.timeZoneChangedAt) + TIME_ZONE_CHANGE_INTERVAL_DAYS * DAY_MS;
      if (command.metadata.now.getTime() < nextChange)
        throw new DomainError(
          'too_soon',
          `The time zone was changed less than ${TIME_ZONE_CHANGE_INTERVAL_DAYS} days ago; it can be changed again from ${new Date(nextChange).toISOString()}.`,
        );
      return [{ type: 'TimeZoneChanged', data: { from: customer.timeZone, timeZone, changedAt: now } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new DomainError('invalid_input', `Unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
};

export const customerDecider: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: decideCustomer,
};
