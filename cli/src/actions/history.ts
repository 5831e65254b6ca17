import type { historyInput } from '../commands/read-commands.js';
import { UsageError, withStores } from '../context.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import type { InputOf } from '../define-command.js';
import {
  followCustomerHistory,
  matchesFilter,
  readCustomerEvents,
  toHistoryEntry,
  withTempoChanges,
  type HistoryEntry,
} from '../history/customer-history.js';
import { createTempoChangeTracker, type TempoChange } from '../history/tempo-changes.js';
import { checkTypes } from '../history/event-types.js';
import { onInterrupt } from '../interrupt.js';
import { readInstant } from '../options.js';
import { historyLines, printJson, printJsonLines, renderHistory } from '../ui/print.js';

export const toLine = (entry: HistoryEntry) => ({
  position: entry.position,
  time: entry.localTime,
  type: entry.type,
  summary: entry.summary,
});

export const runHistory = async (options: InputOf<typeof historyInput>) => {
  const since =
    options.since === undefined ? undefined : readInstant('--since', options.since, options.tz, 'start');
  const until =
    options.until === undefined ? undefined : readInstant('--until', options.until, options.tz, 'end');
  if (since && until && since > until) throw new UsageError('--since must not be after --until');
  checkTypes(options.type, []);
  const filter = { types: options.type, since, until };
  // With --follow, --json prints records as they come: one per line.
  const jsonl = options.jsonl || (options.json && options.follow);
  const entryOf = (event: Parameters<typeof toHistoryEntry>[0], tempoChange?: TempoChange) =>
    toHistoryEntry(event, options.tz, options.showPersonal, tempoChange);
  await withStores(
    async ({ store, reservations }) => {
      const customerId = await resolveCustomer({ store, reservations }, options.customer);
      // Taken before the read, so an event written in between is followed, not lost.
      const { lastPosition } = await store.stats();
      const events = await readCustomerEvents(store, customerId);
      // Tempo changes are found over every event, so a filter or --limit never hides the previous play.
      const matching = withTempoChanges(events).filter(({ event }) => matchesFilter(event, filter));
      // --limit keeps the most recent N, still oldest first: what just happened (with --follow, as tail -n N -f).
      const shown = options.limit === undefined ? matching : matching.slice(-options.limit);
      const entries = shown.map(({ event, tempoChange }) => entryOf(event, tempoChange));
      if (jsonl) printJsonLines(entries);
      else if (options.json) return printJson(entries);
      else if (options.follow) {
        if (entries.length > 0) process.stdout.write(`${historyLines(entries.map(toLine)).join('\n')}\n`);
      } else await renderHistory(entries.map(toLine));
      if (!options.follow) return;

      const interruption = onInterrupt();
      let shownUpTo = Math.max(lastPosition ?? 0, ...entries.map((entry) => entry.position));
      // The followed events continue the read ones' plays.
      const tempoChangeOf = createTempoChangeTracker();
      for (const event of events) tempoChangeOf(event);
      let trackedUpTo = events.at(-1)?.position ?? -1;
      try {
        await followCustomerHistory(
          store,
          customerId,
          lastPosition,
          (event) => {
            const tempoChange = event.position > trackedUpTo ? tempoChangeOf(event) : undefined;
            trackedUpTo = Math.max(trackedUpTo, event.position);
            if (event.position <= shownUpTo || !matchesFilter(event, filter)) return;
            shownUpTo = event.position;
            const entry = entryOf(event, tempoChange);
            if (jsonl) printJsonLines([entry]);
            else process.stdout.write(`${historyLines([toLine(entry)]).join('\n')}\n`);
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
