import {
  formatCents,
  PRICES,
  TIER_DISPLAY_NAMES,
  TRIAL_DAYS,
  type BillingPeriod,
  type PaidTier,
  formatLongDateUtc,
} from '@stickwork/domain';
import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { escapeHtml, mailButton, mailLayout } from '../adapters/mail/mail-layout.js';

/** What the confirmation mail tells about the subscription that just started. */
export interface StartedSubscription {
  tier: PaidTier;
  period: BillingPeriod;
  status: 'trialing' | 'active';
  /** ISO time; set while trialing. */
  trialEndsAt?: string;
}

export interface ConfirmationOptions {
  /** The local test-payment provider took the payment: no money moved. */
  testPayment: boolean;
  /** Where to start practising (`${publicUrl}/launch-overview`). */
  launchLink: string;
}

const amountLabel = (tier: PaidTier, period: BillingPeriod): string =>
  period === 'monthly'
    ? `${formatCents(PRICES[tier].monthlyCents)} € per month`
    : `${formatCents(PRICES[tier].yearlyTotalCents)} € per year`;

/** After a subscription starts (the success page promises it): the plan, the trial, how to cancel. */
export const subscriptionConfirmationMail = (
  to: { email: string; firstname: string },
  subscription: StartedSubscription,
  options: ConfirmationOptions,
): OutgoingMail => {
  const tierName = TIER_DISPLAY_NAMES[subscription.tier];
  const subject = `Welcome to Stickwork ${tierName}`;
  const plan = `Your plan: ${tierName}, billed ${subscription.period}, ${amountLabel(subscription.tier, subscription.period)}.`;
  const trial =
    subscription.status === 'trialing' && subscription.trialEndsAt
      ? `Your ${TRIAL_DAYS}-day free trial runs until ${formatLongDateUtc(subscription.trialEndsAt)}; you will not be charged before then.`
      : null;
  const testPayment = options.testPayment
    ? 'This was a test payment with the local test-payment provider: no money was charged.'
    : null;
  const cancel =
    'You can cancel at any time in Account Settings → Subscription; your plan then runs until the end of the period you have paid for.';
  const paragraphs = [plan, trial, testPayment, cancel].filter((line): line is string => line !== null);

  const text = `Hi ${to.firstname},

thank you for subscribing to Stickwork, great to have you behind the kit with us!

${paragraphs.join('\n\n')}

Start practising now:
${options.launchLink}

Keep on grooving,
Your Stickwork team
`;
  const html = mailLayout(
    subject,
    `    <p>Hi ${escapeHtml(to.firstname)},</p>
    <p>thank you for subscribing to Stickwork, great to have you behind the kit with us!</p>
${paragraphs.map((paragraph) => `    <p>${escapeHtml(paragraph)}</p>`).join('\n')}
${mailButton(options.launchLink, 'Start practising')}`,
  );
  return { to: to.email, subject, text, html, link: options.launchLink };
};
