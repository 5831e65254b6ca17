import type { OutgoingMail } from '../adapters/mail/mailer.js';

/** User-provided text (names) goes into HTML only through this. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

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

/** After registration and on request: confirm the email address. */
export const verificationMail = (to: { email: string; firstname: string }, link: string): OutgoingMail => {
  const subject = 'Welcome to Stickwork! Please confirm your email';
  const text = `Hi ${to.firstname},

welcome to Stickwork, great to have you behind the kit with us!

Please confirm your email address by opening this link (it works for 3 days):
${link}

If you did not sign up for Stickwork, just ignore this mail.

Keep on grooving,
Your Stickwork team
`;
  const html = layout(
    subject,
    `    <p>Hi ${escapeHtml(to.firstname)},</p>
    <p>welcome to Stickwork, great to have you behind the kit with us!</p>
    <p>Please confirm your email address (the link works for 3 days):</p>
${button(link, 'Confirm my email')}
    <p>If you did not sign up for Stickwork, just ignore this mail.</p>`,
  );
  return { to: to.email, subject, text, html, link };
};

/** GET /api/pw-recovery: a link to choose a new password. */
export const passwordRecoveryMail = (
  to: { email: string; firstname: string },
  link: string,
): OutgoingMail => {
  const subject = 'Your Stickwork password change';
  const text = `Hi ${to.firstname},

someone (hopefully you) asked to change the password of your Stickwork account.
Choose a new one with this link; it works once and for one hour:
${link}

If you did not ask for this, ignore this mail: your password stays as it is.

Keep on grooving,
Your Stickwork team
`;
  const html = layout(
    subject,
    `    <p>Hi ${escapeHtml(to.firstname)},</p>
    <p>someone (hopefully you) asked to change the password of your Stickwork account.
    Choose a new one with the button below; the link works once and for one hour.</p>
${button(link, 'Choose a new password')}
    <p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
  );
  return { to: to.email, subject, text, html, link };
};
