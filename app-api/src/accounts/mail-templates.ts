import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { escapeHtml, mailButton, mailLayout } from '../adapters/mail/mail-layout.js';

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
  const html = mailLayout(
    subject,
    `    <p>Hi ${escapeHtml(to.firstname)},</p>
    <p>welcome to Stickwork, great to have you behind the kit with us!</p>
    <p>Please confirm your email address (the link works for 3 days):</p>
${mailButton(link, 'Confirm my email')}
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
  const html = mailLayout(
    subject,
    `    <p>Hi ${escapeHtml(to.firstname)},</p>
    <p>someone (hopefully you) asked to change the password of your Stickwork account.
    Choose a new one with the button below; the link works once and for one hour.</p>
${mailButton(link, 'Choose a new password')}
    <p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
  );
  return { to: to.email, subject, text, html, link };
};

/** What a request for an address no account uses was about: the same answer as for a known one, told here. */
export type AddressRequest = 'verification' | 'password-recovery';

/**
 * Verification or recovery asked for an address no Stickwork account uses: the HTTP answer is the
 * same as for a known address (no account enumeration), so the mail says what happened.
 */
export const noAccountMail = (email: string, request: AddressRequest, registerLink: string): OutgoingMail => {
  const asked = request === 'verification' ? 'a new verification email' : 'a link to change the password';
  const subject = 'Your Stickwork request';
  const text = `Hi,

someone (hopefully you) asked Stickwork for ${asked} for this address, but no Stickwork account uses it.
If you signed up with another address, ask again with that one. To create an account, open:
${registerLink}

If you did not ask for this, ignore this mail.

Keep on grooving,
Your Stickwork team
`;
  const html = mailLayout(
    subject,
    `    <p>Hi,</p>
    <p>someone (hopefully you) asked Stickwork for ${asked} for this address, but no Stickwork account uses it.
    If you signed up with another address, ask again with that one.</p>
${mailButton(registerLink, 'Create an account')}
    <p>If you did not ask for this, ignore this mail.</p>`,
  );
  return { to: email, subject, text, html, link: registerLink };
};

/** A verification mail asked for an address that is verified already: nothing to confirm, sign in. */
export const alreadyVerifiedMail = (
  to: { email: string; firstname: string },
  loginLink: string,
): OutgoingMail => {
  const subject = 'Your Stickwork email is already confirmed';
  const text = `Hi ${to.firstname},

someone (hopefully you) asked for a new verification email, but this address is already confirmed.
There is nothing more to do; sign in here:
${loginLink}

Keep on grooving,
Your Stickwork team
`;
  const html = mailLayout(
    subject,
    `    <p>Hi ${escapeHtml(to.firstname)},</p>
    <p>someone (hopefully you) asked for a new verification email, but this address is already confirmed.
    There is nothing more to do.</p>
${mailButton(loginLink, 'Sign in')}`,
  );
  return { to: to.email, subject, text, html, link: loginLink };
};
