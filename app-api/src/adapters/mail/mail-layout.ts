/** The HTML shell every Stickwork mail shares: one look, one place to change it. */

/** User-provided text (names) goes into HTML only through this. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export const mailLayout = (title: string, body: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
  <body style="font-family: Helvetica, Arial, sans-serif; color: #1d1d1f; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
${body}
    <p style="color: #6e6e73; font-size: 13px;">Keep on grooving,<br>Your Stickwork team</p>
  </body>
</html>
`;

/** The mail's one action, as a button and as a link to copy. */
export const mailButton = (link: string, label: string) =>
  `    <p><a href="${escapeHtml(link)}" style="display: inline-block; background: #e4572e; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none; font-weight: bold;">${escapeHtml(label)}</a></p>
    <p style="font-size: 13px; color: #6e6e73;">Or copy this link into your browser:<br>${escapeHtml(link)}</p>`;
