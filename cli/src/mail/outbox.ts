import fs from 'node:fs';
import path from 'node:path';
import { CliError } from '../errors.js';

/**
 * The outbox mailer's directory (app-api's `outboxDir`), named here so that reading the outbox
 * does not load the mail transport.
 */
export const outboxDirOf = (dataDir: string): string => path.join(dataDir, 'outbox');

export interface OutboxMail {
  /** 1-based, oldest first: what `mail show <n>` takes. */
  number: number;
  file: string;
  date: string | null;
  to: string;
  subject: string;
}

export interface OpenedMail extends OutboxMail {
  from: string;
  text: string;
  links: string[];
}

/** The outbox's `.eml` files, oldest first (their names start with the time they were written). */
export const outboxFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => path.join(dir, name))
    : [];

const parse = async (file: string, number: number) => {
  // Loaded only when there is a mail to read (about 80 ms): an empty outbox lists at once.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(fs.readFileSync(file));
  const addresses = (value: typeof mail.to) =>
    (Array.isArray(value) ? value : value ? [value] : []).map((address) => address.text).join(', ');
  return {
    mail,
    summary: {
      number,
      file,
      date: mail.date?.toISOString() ?? null,
      to: addresses(mail.to),
      subject: mail.subject ?? '',
    },
  };
};

export const listOutbox = async (dir: string): Promise<OutboxMail[]> =>
  Promise.all(outboxFiles(dir).map(async (file, i) => (await parse(file, i + 1)).summary));

/** Every link of a mail: the html's hrefs, then any other URL in the text, each once. */
export const linksOf = (html: string, text: string): string[] => {
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  const bare = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
  return [...new Set([...hrefs, ...bare])];
};

/**
 * A mail by its number in the list or by its file name in the outbox (a path is taken only when
 * it names a file of the outbox): `mail show /etc/passwd` or `../secrets/jwt-secret` is refused.
 */
export const openOutboxMail = async (dir: string, reference: string): Promise<OpenedMail> => {
  const files = outboxFiles(dir);
  let file: string | undefined;
  let number = 0;
  if (/^\d+$/.test(reference)) {
    number = Number(reference);
    file = files[number - 1];
    if (!file) throw new CliError(`no mail number ${reference}: the outbox holds ${files.length}`);
  } else {
    const wanted = [path.resolve(reference), path.resolve(dir, reference)];
    number = files.findIndex((candidate) => wanted.includes(path.resolve(candidate))) + 1;
    file = files[number - 1];
    if (!file)
      throw new CliError(
        `no mail "${reference}" in the outbox (${dir}): name one by its number or file name in \`mail list\``,
      );
  }
  const { mail, summary } = await parse(file, number);
  const text = mail.text ?? '';
  return {
    ...summary,
    from: mail.from?.text ?? '',
    text,
    links: linksOf(typeof mail.html === 'string' ? mail.html : '', text),
  };
};
