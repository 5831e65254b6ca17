import {
  formatCents,
  PRICES,
  TIER_DISPLAY_NAMES,
  TRIAL_DAYS,
  type BillingPeriod,
  type PaidTier,
} from '@stickwork/domain';
import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { escapeHtml } from '../accounts/mail-templates.js';

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

/** '24 March 2026': how the portal shows dates; UTC, since the customer's zone is not known here. */
const longDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

// The accounts mails' shell, kept identical: accounts/mail-templates.ts has `layout` and `button`
// unexported, and that file is not the payments module's to change. Exporting them there makes
// these two a drop-in import.
const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
  <body style="font-family: Helvetica, Arial, sans-serif; color: #1d1d1f; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
${body}
    <p style="color: #6e6e73; font-size: 13px;">Keep on grooving,<br>Your Stickwork team</p>
  </body>
</html>
`;

const button = (link: string, label: string) =>
  `    <p><a href="${escapeHtml(link)}" style="display: inline-block; background: #e4572e; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none; font-weight: bold;">${escapeHtml(label)}</a></p>
    <p style="font-size: 13px; color: #6e6e73;">Or copy this link into your browser:<br>${escapeHtml(link)}</p>`;

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
      ? `Your ${TRIAL_DAYS}-day free trial runs until ${longDate(subscription.trialEndsAt)}; you will not be charged before then.`
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
  const html = layout(
    subject,
    `    <p>Hi ${escapeHtml(to.firstname)},</p>
    <p>thank you for subscribing to Stickwork, great to have you behind the kit with us!</p>
${paragraphs.map((paragraph) => `    <p>${escapeHtml(paragraph)}</p>`).join('\n')}
${button(options.launchLink, 'Start practising')}`,
  );
  return { to: to.email, subject, text, html, link: options.launchLink };
};
