import type { DomainCommand } from '../decider/decider.js';
import type { BillingPeriod, PaidTier } from '../rules/plans.js';
import type { CustomerRegistered } from './customer-events.js';

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
