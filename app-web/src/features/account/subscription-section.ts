import { SUBSCRIPTION_CANCELED_MESSAGE, type SubscriptionStatus } from '@stickwork/domain';
import type { CustomerInfo } from '@stickwork/domain';

export type CancelSection =
  /** The cancel form; its button waits for the confirmation box. */
  | { kind: 'cancel' }
  | { kind: 'canceled'; message: typeof SUBSCRIPTION_CANCELED_MESSAGE; usableUntil: Date | null }
  | { kind: 'none' };

export interface SubscriptionSection {
  status: SubscriptionStatus;
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
    showManageButton: info.status !== 'freemium',
    showPricingLink: info.status === 'freemium',
    cancel,
  };
};

/** The date in the reader's locale, e.g. '21 December 2026' or 'December 21, 2026'. */
export const formatUsableUntil = (date: Date, locale?: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  freemium: 'Free plan',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
};

export const subscriptionStatusLabel = (status: SubscriptionStatus): string => STATUS_LABELS[status];
