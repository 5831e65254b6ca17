import { escapeHtml } from '../adapters/mail/mail-layout.js';
import type { UnsubscribeLinkOutcome } from './practice-reminders.js';

/** Where a drummer signs in and manages their reminders. */
export const REMINDER_SETTINGS_PATH = '/account-settings';

/** What each outcome of an unsubscribe link tells the drummer (the page, and a POST's JSON message). */
export const UNSUBSCRIBE_COPY: Record<UnsubscribeLinkOutcome, { title: string; text: string }> = {
  confirm: {
    title: 'Stop practice reminders?',
    text: 'Stickwork mails you a practice reminder on the days you chose. Press the button to stop these reminders. You can turn them on again in your account settings at any time.',
  },
  stopped: {
    title: 'Practice reminders stopped',
    text: 'You will get no more practice reminders from Stickwork. You can turn them on again in your account settings.',
  },
  already_off: {
    title: 'Practice reminders are off',
    text: 'Your practice reminders are already off: there is nothing more to do. You can turn them on again in your account settings.',
  },
  superseded: {
    title: 'This link no longer works',
    text: 'Practice reminders were turned on again after this mail was sent, so its link no longer stops them. To stop them, sign in and turn them off in your account settings.',
  },
  expired: {
    title: 'This link has expired',
    text: 'The unsubscribe link of a practice reminder works for 90 days. To stop the reminders, sign in and turn them off in your account settings.',
  },
  invalid: {
    title: 'This link is not valid',
    text: 'This unsubscribe link is not valid. You can turn practice reminders off in your account settings.',
  },
};

/** The HTTP status of each outcome: refused links are 400 (forged) and 410 (no longer valid). */
export const UNSUBSCRIBE_STATUS: Record<UnsubscribeLinkOutcome, number> = {
  confirm: 200,
  stopped: 200,
  already_off: 200,
  superseded: 410,
  expired: 410,
  invalid: 400,
};

/* The web app's look (app-web/src/styles/tokens.css): ink header, paper page, brass button. */
const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #f7f3ea; color: #152033; line-height: 1.55;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif; }
header { background: #0f1b2d; border-bottom: 1px solid #22364f; }
header a { display: inline-block; padding: 1rem 1.5rem; color: #f7f3ea; text-decoration: none;
  font-family: 'Avenir Next', 'Segoe UI', system-ui, sans-serif; font-size: 1.25rem; font-weight: 800; letter-spacing: 0.02em; }
header a:hover { color: #f3c66f; }
main { max-width: 36rem; margin: 3rem auto; padding: 2rem 1.5rem; background: #ffffff; border-radius: 12px;
  box-shadow: 0 1px 2px rgb(15 27 45 / 6%), 0 8px 24px rgb(15 27 45 / 8%); }
@media (max-width: 40rem) { main { margin: 1rem; } }
h1 { margin: 0 0 1rem; font-family: 'Avenir Next', 'Segoe UI', system-ui, sans-serif; font-size: 1.953rem; line-height: 1.2; color: #0f1b2d; }
form { margin: 1.5rem 0; }
button { border: 2px solid transparent; border-radius: 999px; padding: 0.6rem 1.3rem; font: inherit; font-weight: 700;
  background: #e3a33b; color: #0a1322; cursor: pointer; }
button:hover { background: #f3c66f; }
a { color: #8a5300; }
a:focus-visible, button:focus-visible { outline: none; box-shadow: 0 0 0 3px #f7f3ea, 0 0 0 6px #d18c1f; }
`;

/**
 * The page a reminder mail's unsubscribe link opens (no login, so served by the API rather than the
 * web app, with the web app's look): for a link that still works, a question and a button that
 * POSTs the same link (a GET changes nothing: mail scanners follow links); then the confirmation,
 * or why the link no longer works and where to manage reminders instead.
 */
export const unsubscribePage = (outcome: UnsubscribeLinkOutcome, actionPath: string): string => {
  const { title, text } = UNSUBSCRIBE_COPY[outcome];
  const action =
    outcome === 'confirm'
      ? `<form method="post" action="${escapeHtml(actionPath)}"><button type="submit">Stop practice reminders</button></form>`
      : '';
  const settingsLink =
    outcome === 'confirm'
      ? 'Change them in account settings instead'
      : 'Manage reminders in account settings';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)} · Stickwork</title><style>${STYLE}</style></head>
<body><header><a href="/">Stickwork</a></header>
<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${action}<p><a href="${REMINDER_SETTINGS_PATH}">${settingsLink}</a></p></main>
</body>
</html>
`;
};
