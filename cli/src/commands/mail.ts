import type { Command } from 'commander';
import { z } from 'zod';
import { loadConfig, outboxDir } from '@stickwork/app-api';
import { listOutbox, openOutboxMail } from '../mail/outbox.js';
import { parseOptions } from '../options.js';
import { printJson, renderKeyValues, renderTable, renderText } from '../ui/render.js';

const listOptions = z.object({ json: z.boolean().default(false) });
const showOptions = z.object({
  mail: z.string().min(1, { message: 'name a mail by its number in `mail list` or its file' }),
  json: z.boolean().default(false),
});

export const registerMailCommands = (program: Command) => {
  const mail = program
    .command('mail')
    .description('the embedded outbox (DATA_DIR/outbox): the mails sent while SMTP_URL is unset');

  mail
    .command('list')
    .description('every mail in the outbox, oldest first: number, date, to, subject')
    .option('--json', 'print JSON for scripts')
    .action(async (raw: Record<string, unknown>) => {
      const options = parseOptions(listOptions, raw);
      const mails = await listOutbox(outboxDir(loadConfig().dataDir));
      if (options.json) return printJson(mails);
      await renderTable(mails, [
        { header: '#', value: (row) => String(row.number) },
        { header: 'DATE', value: (row) => row.date?.replace('T', ' ').slice(0, 19) ?? '-' },
        { header: 'TO', value: (row) => row.to },
        { header: 'SUBJECT', value: (row) => row.subject },
      ]);
    });

  mail
    .command('show')
    .description('one mail: headers, text and links')
    .argument('<mail>', 'its number in `mail list`, or its .eml file')
    .option('--json', 'print JSON for scripts')
    .action(async (reference: string, raw: Record<string, unknown>) => {
      const options = parseOptions(showOptions, { ...raw, mail: reference }, ['mail']);
      const opened = await openOutboxMail(outboxDir(loadConfig().dataDir), options.mail);
      if (options.json) return printJson(opened);
      await renderKeyValues(opened.subject, [
        ['date', opened.date ?? '-'],
        ['from', opened.from],
        ['to', opened.to],
        ['file', opened.file],
      ]);
      renderText(`\n${opened.text.trim()}\n`);
      if (opened.links.length > 0)
        renderText(`Links:\n${opened.links.map((link) => `  ${link}`).join('\n')}`);
    });
};
