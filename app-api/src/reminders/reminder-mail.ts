import type { OutgoingMail } from '../adapters/mail/mailer.js';
import { escapeHtml, mailButton, mailLayout } from '../adapters/mail/mail-layout.js';

/**
 * A practice reminder, with an unsubscribe link (no login needed; it opens a page whose
 * button stops the reminders) and the `List-Unsubscribe` / `List-Unsubscribe-Post` headers
 * (RFC 8058) mail programs show as their own one-click unsubscribe button (a POST of the link).
 */
export const practiceReminderMail = (
  to: string,
  firstname: string,
  practiceLink: string,
  unsubscribeLink: string,
): OutgoingMail => {
  const subject = 'Time for your drum practice';
  const text = `Hi ${firstname},

this is the practice reminder you asked for. Even 15 minutes on the pad keep your hands going and
your streak alive.

Start practising: ${practiceLink}

You get this mail because you turned on practice reminders in your account settings.
Stop these reminders: ${unsubscribeLink}

Keep on grooving,
Your Stickwork team
`;
  const html = mailLayout(
    subject,
    `    <p>Hi ${escapeHtml(firstname)},</p>
    <p>this is the practice reminder you asked for. Even 15 minutes on the pad keep your hands going and your streak alive.</p>
${mailButton(practiceLink, 'Start practising')}
    <p>You get this mail because you turned on practice reminders in your account settings.
    <a href="${escapeHtml(unsubscribeLink)}">Stop these reminders</a>.</p>`,
  );
  return {
    to,
    subject,
    text,
    html,
    link: unsubscribeLink,
    headers: {
      'List-Unsubscribe': `<${unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};
