import { z } from 'zod';
import { loadConfig } from '@stickwork/app-api/stores';
import { listOutbox, openOutboxMail, outboxDirOf } from '../mail/outbox.js';
import { limitOption, parseOptions } from '../options.js';
import { emitLines, keyValueLines, printable, printJson, renderTable } from '../ui/print.js';

const listOptions = z.object({ limit: limitOption(), json: z.boolean().default(false) });
const showOptions = z.object({
  mail: z.string().min(1, { message: 'name a mail by its number in `mail list` or its file' }),
  json: z.boolean().default(false),
});

export const runMailList = async (raw: Record<string, unknown>) => {
  const options = parseOptions(listOptions, raw);
  const all = await listOutbox(outboxDirOf(loadConfig().dataDir));
  // --limit keeps the newest, still oldest first, with their numbers for `mail show`.
  const mails = options.limit === undefined ? all : all.slice(-options.limit);
  if (options.json) return printJson(mails);
  await renderTable(mails, [
    { header: '#', value: (row) => String(row.number) },
    { header: 'DATE', value: (row) => row.date?.replace('T', ' ').slice(0, 19) ?? '-' },
    { header: 'TO', value: (row) => row.to },
    { header: 'SUBJECT', value: (row) => row.subject },
  ]);
};

export const runMailShow = async (reference: string, raw: Record<string, unknown>) => {
  const options = parseOptions(showOptions, { ...raw, mail: reference }, ['mail']);
  const opened = await openOutboxMail(outboxDirOf(loadConfig().dataDir), options.mail);
  if (options.json) return printJson(opened);
  await emitLines([
    ...keyValueLines(opened.subject, [
      ['date', opened.date ?? '-'],
      ['from', opened.from],
      ['to', opened.to],
      ['file', opened.file],
    ]),
    '',
    ...opened.text
      .trim()
      .split(/\r?\n/)
      .map((line) => printable(line)),
    ...(opened.links.length > 0 ? ['', 'Links:', ...opened.links.map((link) => `  ${printable(link)}`)] : []),
  ]);
};
