import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The mails the server under test wrote to its outbox (DATA_DIR/outbox), oldest first. */
export const readOutbox = async (dataDir: string): Promise<ParsedMail[]> => {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((name) => simpleParser(fs.readFileSync(path.join(dir, name)))));
};

/**
 * Every decoded part of a mail, lower-cased: subject and addresses (encoded words undone), the
 * other headers, text, HTML and attachments (base64 or quoted-printable undone, e.g. a lesson's
 * .ics), with folded lines joined, so an address or a name split by an encoding reads whole.
 */
export const decodedMailText = (mail: ParsedMail): string =>
  [
    mail.subject ?? '',
    ...[mail.from, mail.to, mail.cc, mail.bcc].flat().map((address) => address?.text ?? ''),
    ...[...mail.headers.values()].map((value) => JSON.stringify(value)),
    mail.text ?? '',
    typeof mail.html === 'string' ? mail.html : '',
    ...mail.attachments.map((attachment) => attachment.content.toString('utf8')),
  ]
    .join('\n')
    .replace(/\r?\n[ \t]/g, '')
    .toLowerCase();

const recipients = (mail: ParsedMail): string[] =>
  [mail.to]
    .flat()
    .flatMap((address) => address?.value.map((entry) => entry.address?.toLowerCase() ?? '') ?? []);

/** Waits for the newest mail to `to` whose subject matches, and returns it. */
export const waitForMail = async (
  dataDir: string,
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<ParsedMail> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter(
      (mail) => recipients(mail).includes(to.toLowerCase()) && subject.test(mail.subject ?? ''),
    );
    if (mails.length > 0) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The first link in a mail's text part that starts with `prefix`. */
export const linkIn = (mail: ParsedMail, prefix: string): string => {
  const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in mail "${mail.subject}"`);
  return link;
};
