import { loadConfig } from '@stickwork/app-api/stores';
import type { mailListInput, mailShowInput } from '../commands/tools.js';
import type { InputOf } from '../define-command.js';
import { formatInZone } from '../history/event-summary.js';
import { listOutbox, openOutboxMail, outboxDirOf } from '../mail/outbox.js';
import { emitLines, keyValueLines, printable, printJson, renderRecords } from '../ui/print.js';

const inZone = (date: string | null | undefined, timeZone: string) =>
  date ? `${formatInZone(date, timeZone)}` : '-';

export const runMailList = async (options: InputOf<typeof mailListInput>) => {
  const all = await listOutbox(outboxDirOf(loadConfig().dataDir));
  // --limit keeps the newest, still oldest first, with their numbers for `mail show`.
  const mails = options.limit === undefined ? all : all.slice(-options.limit);
  await renderRecords(mails, all.length, 'mails', options, [
    { header: '#', value: (row) => String(row.number) },
    { header: 'DATE', value: (row) => inZone(row.date, options.tz) },
    { header: 'TO', value: (row) => row.to },
    { header: 'SUBJECT', value: (row) => row.subject },
  ]);
};

export const runMailShow = async (options: InputOf<typeof mailShowInput>) => {
  const opened = await openOutboxMail(outboxDirOf(loadConfig().dataDir), options.mail);
  if (options.json) return printJson(opened);
  await emitLines([
    ...keyValueLines(opened.subject, [
      ['date', opened.date ? `${inZone(opened.date, options.tz)} ${options.tz}` : '-'],
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
