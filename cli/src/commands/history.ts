import type { Command } from 'commander';
import { z } from 'zod';
import { FALLBACK_TIME_ZONE } from '@stickwork/domain';
import { withBackend } from '../context.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import {
  customerHistory,
  followCustomerHistory,
  matchesFilter,
  toHistoryEntry,
  type HistoryEntry,
} from '../history/customer-history.js';
import { instantOption, parseOptions, timeZoneOption } from '../options.js';
import { printJson, renderHistory } from '../ui/render.js';

const historyOptions = z
  .object({
    customer: z.string().min(1, { message: 'name a customer by id or email' }),
    type: z
      .string()
      .optional()
      .transform((types) =>
        types
          ? types
              .split(',')
              .map((type) => type.trim())
              .filter(Boolean)
          : [],
      ),
    since: instantOption().optional(),
    until: instantOption().optional(),
    tz: timeZoneOption().default(FALLBACK_TIME_ZONE),
    follow: z.boolean().default(false),
    json: z.boolean().default(false),
  })
  .refine((options) => !options.since || !options.until || options.since <= options.until, {
    message: '--since must not be after --until',
  });

const toLine = (entry: HistoryEntry) => ({ time: entry.localTime, type: entry.type, summary: entry.summary });

export const registerHistoryCommand = (program: Command) => {
  program
    .command('history')
    .description("a customer's events in order across their streams, one readable line each")
    .argument('<customer>', 'customer id or email')
    .option('--type <types>', 'only these event types (comma-separated)')
    .option('--since <date>', 'events at or after this date or ISO time')
    .option('--until <date>', 'events at or before this date or ISO time')
    .option('--tz <zone>', 'show times in this IANA zone (events do not record one)', FALLBACK_TIME_ZONE)
    .option('--follow', 'keep printing new events as they are written, until Ctrl-C')
    .option('--json', 'print JSON for scripts (with --follow: one JSON object per line)')
    .action(async (customer: string, raw: Record<string, unknown>) => {
      const options = parseOptions(historyOptions, { ...raw, customer }, ['customer']);
      const filter = { types: options.type, since: options.since, until: options.until };
      await withBackend(
        async ({ store }) => {
          const customerId = await resolveCustomer(store, options.customer);
          // Taken before the read, so an event written in between is followed, not lost.
          const { lastPosition } = await store.stats();
          const entries = await customerHistory(store, customerId, filter, options.tz);
          if (options.json && !options.follow) return printJson(entries);
          if (options.json) entries.forEach((entry) => process.stdout.write(`${JSON.stringify(entry)}\n`));
          else await renderHistory(entries.map(toLine));
          if (!options.follow) return;

          const stop = new AbortController();
          process.once('SIGINT', () => stop.abort());
          let shown = Math.max(lastPosition ?? 0, ...entries.map((entry) => entry.position));
          await followCustomerHistory(
            store,
            customerId,
            lastPosition,
            async (event) => {
              if (event.position <= shown || !matchesFilter(event, filter)) return;
              shown = event.position;
              const entry = toHistoryEntry(event, options.tz);
              if (options.json) process.stdout.write(`${JSON.stringify(entry)}\n`);
              else await renderHistory([toLine(entry)]);
            },
            stop.signal,
          );
        },
        { readonly: true },
      );
    });
};
