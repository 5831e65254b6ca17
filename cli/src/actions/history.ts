import { z } from 'zod';
import { FALLBACK_TIME_ZONE } from '@stickwork/domain';
import { UsageError, withStores } from '../context.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import {
  followCustomerHistory,
  matchesFilter,
  readCustomerEvents,
  toHistoryEntry,
  type HistoryEntry,
} from '../history/customer-history.js';
import { knownEventTypes } from '../history/event-types.js';
import { onInterrupt } from '../interrupt.js';
import { limitOption, parseOptions, readInstant, timeZoneOption } from '../options.js';
import { historyLines, printJson, renderHistory } from '../ui/print.js';

const historyOptions = z.object({
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
  since: z.string().optional(),
  until: z.string().optional(),
  tz: timeZoneOption().default(FALLBACK_TIME_ZONE),
  limit: limitOption(),
  follow: z.boolean().default(false),
  json: z.boolean().default(false),
});

export const toLine = (entry: HistoryEntry) => ({
  position: entry.position,
  time: entry.localTime,
  type: entry.type,
  summary: entry.summary,
});

/** `--type` names only types the store can hold: a typo is refused with the list, not answered "(no events)". */
export const checkTypes = (types: readonly string[], seen: Iterable<string>) => {
  const known = knownEventTypes(seen);
  const unknown = types.filter((type) => !known.includes(type));
  if (unknown.length > 0)
    throw new UsageError(
      `invalid --type: unknown event type ${unknown.map((type) => `"${type}"`).join(', ')}; known types: ${known.join(', ')}`,
    );
};

export const runHistory = async (customer: string, raw: Record<string, unknown>) => {
  const options = parseOptions(historyOptions, { ...raw, customer }, ['customer']);
  const since =
    options.since === undefined ? undefined : readInstant('--since', options.since, options.tz, 'start');
  const until =
    options.until === undefined ? undefined : readInstant('--until', options.until, options.tz, 'end');
  if (since && until && since > until) throw new UsageError('--since must not be after --until');
  const filter = { types: options.type, since, until };
  await withStores(
    async ({ store, reservations }) => {
      const customerId = await resolveCustomer({ store, reservations }, options.customer);
      // Taken before the read, so an event written in between is followed, not lost.
      const { lastPosition } = await store.stats();
      const events = await readCustomerEvents(store, customerId);
      checkTypes(
        options.type,
        events.map((event) => event.type),
      );
      const matching = events.filter((event) => matchesFilter(event, filter));
      // --limit keeps the most recent N, still oldest first: what just happened (with --follow, as tail -n N -f).
      const shown = options.limit === undefined ? matching : matching.slice(-options.limit);
      const entries = shown.map((event) => toHistoryEntry(event, options.tz));
      if (options.json && !options.follow) return printJson(entries);
      if (options.json) entries.forEach((entry) => process.stdout.write(`${JSON.stringify(entry)}\n`));
      else if (options.follow) {
        if (entries.length > 0) process.stdout.write(`${historyLines(entries.map(toLine)).join('\n')}\n`);
      } else await renderHistory(entries.map(toLine));
      if (!options.follow) return;

      const interruption = onInterrupt();
      let shownUpTo = Math.max(lastPosition ?? 0, ...entries.map((entry) => entry.position));
      try {
        await followCustomerHistory(
          store,
          customerId,
          lastPosition,
          (event) => {
            if (event.position <= shownUpTo || !matchesFilter(event, filter)) return;
            shownUpTo = event.position;
            const entry = toHistoryEntry(event, options.tz);
            process.stdout.write(
              options.json ? `${JSON.stringify(entry)}\n` : `${historyLines([toLine(entry)]).join('\n')}\n`,
            );
          },
          interruption.signal,
        );
      } finally {
        interruption.dispose();
      }
    },
    { readonly: true },
  );
};
