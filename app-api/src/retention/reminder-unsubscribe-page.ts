import { escapeHtml } from '../adapters/mail/mail-layout.js';

/**
 * The page a reminder mail's unsubscribe link opens (no login, so not a page of the web app): a
 * plain, accessible HTML document saying what happened.
 */
export const unsubscribePage = (done: boolean): string => {
  const title = done ? 'Practice reminders stopped' : 'This link is not valid';
  const text = done
    ? 'You will get no more practice reminders from Stickwork. You can turn them on again in your account settings.'
    : 'This unsubscribe link is not valid. You can turn practice reminders off in your account settings.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Stickwork</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/account-settings">Account settings</a></p></main></body>
</html>
`;
};
