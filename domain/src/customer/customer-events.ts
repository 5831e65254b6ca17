import type { DomainEvent } from '../decider/decider.js';
import type { BillingPeriod, PaidTier } from '../rules/plans.js';

/** `customer-<id>`: the only stream with personal data (DESIGN.md "Event store"). */
export const customerStreamId = (customerId: string): string => `customer-${customerId}`;

/**
 * `email-<keyed digest of the lower-cased email>`: the uniqueness reservation. The domain takes the
 * hex digest; app-api makes it (an HMAC under a server secret, reservation-streams.ts).
 */
export const emailStreamId = (digestHex: string): string => `email-${digestHex.toLowerCase()}`;

/**
 * `erasure-<customerId>`: holds the anonymous `CustomerErased` marker. It outlives the deleted
 * `customer-` stream so projections (and a rebuild) still learn to scrub that customer.
 */
export const erasureStreamId = (customerId: string): string => `erasure-${customerId}`;

export type CustomerRegistered = DomainEvent<
  'CustomerRegistered',
  {
    customerId: string;
    email: string;
    firstname: string;
    lastname: string;
    /** Two-letter country code. */
    country: string;
    passwordHash: string;
    newsletterSubscription: boolean;
    /** ISO 8601 time the terms were accepted. */
    dateTermsAndConditions: string;
    registeredAt: string;
  }
>;
export type VerificationMailRequested = DomainEvent<'VerificationMailRequested', { requestedAt: string }>;
export type EmailVerified = DomainEvent<'EmailVerified', { verifiedAt: string }>;
export type PasswordRecoveryRequested = DomainEvent<'PasswordRecoveryRequested', { requestedAt: string }>;
export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  {
    passwordHash: string;
    changedAt: string;
    /** The `jti` of the recovery secret that allowed the change, so it cannot be used twice. */
    recoverySecretId?: string;
  }
>;

/** Stripe's words for a live subscription. */
export type LiveSubscriptionStatus = 'trialing' | 'active' | 'past_due';

export type SubscriptionStarted = DomainEvent<
  'SubscriptionStarted',
  {
    tier: PaidTier;
    period: BillingPeriod;
    status: 'trialing' | 'active';
    trialEndsAt?: string;
    currentPeriodEnd: string;
    providerCustomerId?: string;
    providerSubscriptionId?: string;
    startedAt: string;
  }
>;
/** A trial converted or a failed payment recovered. */
export type SubscriptionActivated = DomainEvent<
  'SubscriptionActivated',
  { currentPeriodEnd: string; activatedAt: string }
>;
export type SubscriptionPlanChanged = DomainEvent<
  'SubscriptionPlanChanged',
  { fromTier: PaidTier; tier: PaidTier; fromPeriod: BillingPeriod; period: BillingPeriod; changedAt: string }
>;
export type SubscriptionCancellationScheduled = DomainEvent<
  'SubscriptionCancellationScheduled',
  { cancelAt: string; scheduledAt: string }
>;
export type SubscriptionResumed = DomainEvent<'SubscriptionResumed', { resumedAt: string }>;
export type SubscriptionPaymentFailed = DomainEvent<'SubscriptionPaymentFailed', { failedAt: string }>;
export type SubscriptionEnded = DomainEvent<'SubscriptionEnded', { endedAt: string }>;
/** Deletion asked for; any subscription runs to its period end (terms: deletion cancels at month end). */
export type CustomerErasureRequested = DomainEvent<'CustomerErasureRequested', { requestedAt: string }>;
/** No personal data: the stream holding it is deleted right after this is written. */
export type CustomerErased = DomainEvent<'CustomerErased', { customerId: string; erasedAt: string }>;

/**
 * The customer's own time zone, pinned on first use from the browser's `time-zone` header: the
 * daily lesson limit counts on the customer's days in it, whatever zone later requests claim.
 */
export type TimeZonePinned = DomainEvent<'TimeZonePinned', { timeZone: string; pinnedAt: string }>;
/** An explicit change of the pinned zone (at most one a week). */
export type TimeZoneChanged = DomainEvent<
  'TimeZoneChanged',
  { from: string; timeZone: string; changedAt: string }
>;

export type CustomerEvent =
  | CustomerRegistered
  | VerificationMailRequested
  | EmailVerified
  | PasswordRecoveryRequested
  | PasswordChanged
  | SubscriptionStarted
  | SubscriptionActivated
  | SubscriptionPlanChanged
  | SubscriptionCancellationScheduled
  | SubscriptionResumed
  | SubscriptionPaymentFailed
  | SubscriptionEnded
  | CustomerErasureRequested
  | CustomerErased
  | TimeZonePinned
  | TimeZoneChanged;

export const customerEventSchemaVersions: Record<CustomerEvent['type'], number> = {
  CustomerRegistered: 1,
  VerificationMailRequested: 1,
  EmailVerified: 1,
  PasswordRecoveryRequested: 1,
  PasswordChanged: 1,
  SubscriptionStarted: 1,
  SubscriptionActivated: 1,
  SubscriptionPlanChanged: 1,
  SubscriptionCancellationScheduled: 1,
  SubscriptionResumed: 1,
  SubscriptionPaymentFailed: 1,
  SubscriptionEnded: 1,
  CustomerErasureRequested: 1,
  CustomerErased: 1,
  TimeZonePinned: 1,
  TimeZoneChanged: 1,
};

export type EmailReserved = DomainEvent<'EmailReserved', { customerId: string; reservedAt: string }>;
export type EmailReservationEvent = EmailReserved;

export const emailReservationEventSchemaVersions: Record<EmailReservationEvent['type'], number> = {
  EmailReserved: 1,
};
