import { TIER_DISPLAY_NAMES, type CustomerInfo, type SubscriptionStatus } from '@stickwork/domain';
import { formatEuro } from '../../lib/tier-offer';

/** Product-spec §4, word for word. */
export const SUBSCRIPTION_CANCELED_MESSAGE = 'Your subscription has been canceled.';

export type CancelSection =
  /** The cancel form; its button waits for the confirmation box. */
  | { kind: 'cancel' }
  | { kind: 'canceled'; message: typeof SUBSCRIPTION_CANCELED_MESSAGE; usableUntil: Date | null }
  | { kind: 'none' };

/** One line of the plan's facts; `date` is set where the value is a date (for `<time>`). */
export interface SubscriptionFact {
  term: string;
  value: string;
  date?: Date;
}

export interface SubscriptionSection {
  status: SubscriptionStatus;
  /** Plan, billing period, status, trial end or next charge, renewal: from GET /api/customer-info. */
  facts: SubscriptionFact[];
  /** The payment provider's portal exists once a customer has checked out. */
  showManageButton: boolean;
  /** Freemium customers are pointed at the plans instead. */
  showPricingLink: boolean;
  cancel: CancelSection;
}

/**
 * What the Subscription tab shows (product-spec §4 "Subscription and checkout"): a running
 * subscription (active, or trialing since a trial can be cancelled too) offers cancelling; a
 * scheduled cancellation shows until when it can still be used.
 */
export const subscriptionSectionOf = (info: CustomerInfo): SubscriptionSection => {
  const running = info.status === 'active' || info.status === 'trialing';
  const cancel: CancelSection = info.cancelAtPeriodEnd
    ? {
        kind: 'canceled',
        message: SUBSCRIPTION_CANCELED_MESSAGE,
        usableUntil: info.cancelAt === null ? null : new Date(info.cancelAt * 1000),
      }
    : running
      ? { kind: 'cancel' }
      : { kind: 'none' };
  return {
    status: info.status,
    facts: subscriptionFactsOf(info),
    showManageButton: info.status !== 'freemium',
    showPricingLink: info.status === 'freemium',
    cancel,
  };
};

/** The date in the reader's locale, e.g. '21 December 2026' or 'December 21, 2026'. */
export const formatUsableUntil = (date: Date, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** What the customer's plan is and what happens next with it, one fact a line. */
export const subscriptionFactsOf = (info: CustomerInfo, locale?: string): SubscriptionFact[] => {
  const facts: SubscriptionFact[] = [{ term: 'Plan', value: TIER_DISPLAY_NAMES[info.tier] }];
  if (info.billingPeriod) {
    facts.push({ term: 'Billing', value: info.billingPeriod === 'monthly' ? 'Monthly' : 'Yearly' });
  }
  facts.push({ term: 'Status', value: subscriptionStatusLabel(info.status) });
  if (info.trialEndsAt !== null) {
    const date = fromUnix(info.trialEndsAt);
    facts.push({ term: 'Trial ends', value: formatUsableUntil(date, locale), date });
  }
  if (info.nextChargeAt !== null && info.nextChargeCents !== null) {
    const date = fromUnix(info.nextChargeAt);
    facts.push({
      term: 'Next charge',
      value: `${formatEuro(info.nextChargeCents)} on ${formatUsableUntil(date, locale)}`,
      date,
    });
  }
  if (info.billingPeriod) {
    facts.push({
      term: 'Renewal',
      value:
        info.cancelAtPeriodEnd && info.cancelAt !== null
          ? `Cancelled: ends on ${formatUsableUntil(fromUnix(info.cancelAt), locale)}`
          : info.cancelAtPeriodEnd
            ? 'Cancelled at the end of the period'
            : 'Renews automatically',
    });
  }
  return facts;
};

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  freemium: 'Free plan',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
};

export const subscriptionStatusLabel = (status: SubscriptionStatus): string => STATUS_LABELS[status];
