import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { escapeHtml } from '../accounts/mail-templates.js';

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
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
  <body style="font-family: Helvetica, Arial, sans-serif; color: #1d1d1f; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
    <p>Hi,</p>
    <p>thanks for signing up for the Stickwork newsletter: practice tips, new lessons and product news, about once a month.</p>
    <p>Please confirm your subscription (the link works for 3 days):</p>
    <p><a href="${escapeHtml(link)}" style="display: inline-block; background: #e4572e; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none; font-weight: bold;">Confirm my subscription</a></p>
    <p style="font-size: 13px; color: #6e6e73;">Or copy this link into your browser:<br>${escapeHtml(link)}</p>
    <p>If you did not sign up, just ignore this mail: you will not hear from us.</p>
    <p style="color: #6e6e73; font-size: 13px;">Keep on grooving,<br>Your Stickwork team</p>
  </body>
</html>
`;
  return { to: email, subject, text, html, link };
};
