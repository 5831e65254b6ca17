import { describe, expect, it } from 'vitest';
import { subscriptionConfirmationMail } from './subscription-confirmation-mail.js';

const launchLink = 'https://stickwork.example/launch-overview';

describe('the subscription confirmation mail', () => {
  it('names the plan, the trial end and the test payment when trialing with the local provider', () => {
    const mail = subscriptionConfirmationMail(
      { email: 'ringo@example.com', firstname: 'Ringo' },
      { tier: 'exclusive', period: 'monthly', status: 'trialing', trialEndsAt: '2026-03-24T09:00:00.000Z' },
      { testPayment: true, launchLink },
    );
    expect(mail).toMatchObject({ to: 'ringo@example.com', subject: 'Welcome to Stickwork Exclusive' });
    expect(mail.link).toBe(launchLink);
    expect(mail.text).toBe(`Hi Ringo,

thank you for subscribing to Stickwork, great to have you behind the kit with us!

Your plan: Exclusive, billed monthly, 39.99 € per month.

Your 14-day free trial runs until 24 March 2026; you will not be charged before then.

This was a test payment with the local test-payment provider: no money was charged.

You can cancel at any time in Account Settings → Subscription; your plan then runs until the end of the period you have paid for.

Start practising now:
${launchLink}

Keep on grooving,
Your Stickwork team
`);
    expect(mail.html).toContain('<p>Your plan: Exclusive, billed monthly, 39.99 € per month.</p>');
    expect(mail.html).toContain(`<a href="${launchLink}"`);
  });

  it('leaves out the trial and the test-payment note for a paid Stripe subscription', () => {
    const mail = subscriptionConfirmationMail(
      { email: 'ringo@example.com', firstname: 'Ringo' },
      { tier: 'basic', period: 'yearly', status: 'active' },
      { testPayment: false, launchLink },
    );
    expect(mail.subject).toBe('Welcome to Stickwork Basic');
    expect(mail.text).toContain('Your plan: Basic, billed yearly, 49.99 € per year.');
    expect(mail.text).not.toContain('trial');
    expect(mail.text).not.toContain('test payment');
    expect(mail.html).not.toContain('trial');
  });

  it('escapes the first name in the HTML part', () => {
    const mail = subscriptionConfirmationMail(
      { email: 'x@example.com', firstname: '<b>Ringo</b> & "Co"' },
      { tier: 'premium', period: 'monthly', status: 'active' },
      { testPayment: false, launchLink },
    );
    expect(mail.html).toContain('Hi &#60;b&#62;Ringo&#60;/b&#62; &#38; &#34;Co&#34;,');
    expect(mail.html).not.toContain('<b>Ringo</b>');
    expect(mail.text).toMatch(/^Hi <b>Ringo<\/b> & "Co",/);
  });
});
