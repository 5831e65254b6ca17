import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { mailButton, mailLayout } from '../adapters/mail/mail-layout.js';

/** The double opt-in mail: nothing is subscribed until its link is followed. */
export const newsletterConfirmationMail = (email: string, link: string): OutgoingMail => {
  const subject = 'Please confirm your Stickwork newsletter subscription';
  const text = `Hi,

thanks for signing up for the Stickwork newsletter: practice tips, new lessons and product news,
about once a month.

Please confirm your subscription with this link (it works for 3 days):
${link}

If you did not sign up, just ignore this mail: you will not hear from us.

Keep on grooving,
Your Stickwork team
`;
  const html = mailLayout(
    subject,
    `    <p>Hi,</p>
    <p>thanks for signing up for the Stickwork newsletter: practice tips, new lessons and product news, about once a month.</p>
    <p>Please confirm your subscription (the link works for 3 days):</p>
${mailButton(link, 'Confirm my subscription')}
    <p>If you did not sign up, just ignore this mail: you will not hear from us.</p>`,
  );
  return { to: email, subject, text, html, link };
};
