import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { CliError } from '../context.js';

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

/** A mail by its number in the list or by its file (a path, or a name in the outbox). */
export const openOutboxMail = async (dir: string, reference: string): Promise<OpenedMail> => {
  const files = outboxFiles(dir);
  let file: string | undefined;
  let number = 0;
  if (/^\d+$/.test(reference)) {
    number = Number(reference);
    file = files[number - 1];
    if (!file) throw new CliError(`no mail number ${reference}: the outbox holds ${files.length}`);
  } else {
    file = [reference, path.join(dir, reference)].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    if (!file) throw new CliError(`no mail file "${reference}" (looked in ${dir} too)`);
    number = files.indexOf(path.resolve(file)) + 1;
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
