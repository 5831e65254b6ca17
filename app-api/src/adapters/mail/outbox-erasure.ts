import fs from 'node:fs';
import path from 'node:path';

/** The header block of an .eml file, continuation lines unfolded. */
const headersOf = (message: string): string[] => {
  const end = message.search(/\r?\n\r?\n/);
  return (end === -1 ? message : message.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
};

const ADDRESS_HEADERS = /^(to|cc|bcc):/i;

/** Whether the mail is addressed to `email` (To, Cc or Bcc; case-insensitive). */
export const isAddressedTo = (message: string, email: string): boolean => {
  const wanted = email.trim().toLowerCase();
  return headersOf(message).some(
    (header) =>
      ADDRESS_HEADERS.test(header) &&
      (header.toLowerCase().match(/[^\s<>,;:"]+@[^\s<>,;"]+/g) ?? []).some((address) => address === wanted),
  );
};

/**
 * The decoded text of every part of a mail (headers, text, HTML, attachments; base64 and
 * quoted-printable undone by mailparser), with folded lines (RFC 5322 headers, RFC 5545 calendar
 * lines) joined again, so an address split by the encoding or the folding reads whole.
 */
export const decodedMailText = async (message: Buffer): Promise<string> => {
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(message, { skipImageLinks: true, skipTextToHtml: true });
  const headers = [...mail.headerLines].map((line) => line.line);
  const parts = [
    ...headers,
    mail.text ?? '',
    typeof mail.html === 'string' ? mail.html : '',
    ...mail.attachments.map((attachment) => attachment.content.toString('utf8')),
  ];
  return parts.join('\n').replace(/\r?\n[ \t]/g, '');
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a mail is about `email`: the address appears, whole and in any case, in one of its
 * decoded parts (the teacher's copy of a lesson names the customer's address in its `.ics`).
 */
export const mentionsAddress = async (message: Buffer, email: string): Promise<boolean> =>
  new RegExp(`(?<![\\w.+-])${escapeRegExp(email.trim())}(?![\\w.-])`, 'i').test(
    await decodedMailText(message),
  );

/**
 * Erasure of the outbox: every mail addressed to the customer or about them (their address in
 * any decoded part: another person's mail that names them) is overwritten with zeros and removed,
 * so neither the address nor the names beside it stay in DATA_DIR/outbox. Answers how many
 * mails went.
 */
export const eraseOutboxMailsAbout = async (dir: string, email: string): Promise<number> => {
  const entries = orGone(() => fs.readdirSync(dir)) ?? [];
  let erased = 0;
  for (const name of entries.filter((entry) => entry.endsWith('.eml'))) {
    const file = path.join(dir, name);
    // Another erasure (or a booking's own clean-up) may remove a mail while this one reads.
    const message = orGone(() => fs.readFileSync(file));
    if (!message) continue;
    if (!isAddressedTo(message.toString('utf8'), email) && !(await mentionsAddress(message, email))) continue;
    const zeroed = orGone(() => {
      fs.writeFileSync(file, Buffer.alloc(message.length), { flag: 'r+' });
      return true;
    });
    if (!zeroed) continue;
    fs.rmSync(file, { force: true });
    erased += 1;
  }
  return erased;
};

/** What `read` answers, or undefined when the file or folder is not (or no longer) there. */
const orGone = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};
