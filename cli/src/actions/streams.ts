import type { EventStore, RecordedEvent } from '@stickwork/domain';
import type { eventInput, eventsInput, streamsInput } from '../commands/store.js';
import { CliError, UsageError, withStores } from '../context.js';
import type { InputOf } from '../define-command.js';
import { formatInZone } from '../history/event-summary.js';
import { checkTypes } from '../history/event-types.js';
import { matchesFilter, type HistoryFilter } from '../history/customer-history.js';
import { shownData } from '../history/personal-data.js';
import { onInterrupt } from '../interrupt.js';
import { readInstant } from '../options.js';
import { readPosition } from '../positions.js';
import {
  emitLines,
  keyValueLines,
  printable,
  printJson,
  printJsonLines,
  renderRecords,
  tableLines,
} from '../ui/print.js';

const PAGE = 5000;

/** Every event of the global log (after a position), page by page. */
const scanLog = async (store: EventStore, visit: (event: RecordedEvent) => boolean | void, from?: number) => {
  let after: number | undefined = from === 0 ? undefined : from;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), maxCount: PAGE });
    for (const event of page) if (visit(event) === false) return;
    if (page.length < PAGE) return;
    after = page.at(-1)!.position;
  }
};

export interface StreamRow {
  stream: string;
  events: number;
  lastEventTime: string;
  lastPosition: number;
}

/** Streams with their event counts and last event, in the order they were first written. */
export const listStreams = async (store: EventStore, prefix?: string): Promise<StreamRow[]> => {
  const streams = new Map<string, StreamRow>();
  await scanLog(store, (event) => {
    if (prefix !== undefined && !event.streamId.startsWith(prefix)) return;
    const row = streams.get(event.streamId);
    if (row) {
      row.events += 1;
      row.lastEventTime = event.metadata.time;
      row.lastPosition = event.position;
    } else
      streams.set(event.streamId, {
        stream: event.streamId,
        events: 1,
        lastEventTime: event.metadata.time,
        lastPosition: event.position,
      });
  });
  return [...streams.values()];
};

/** An event as the browser shows it: ids, time, its data (personal data on request) and all its metadata. */
export const browsedEvent = (event: RecordedEvent, showPersonal: boolean, timeZone = 'UTC') => ({
  id: event.id,
  position: event.position,
  stream: event.streamId,
  revision: event.revision,
  type: event.type,
  time: event.metadata.time,
  localTime: formatInZone(event.metadata.time, timeZone),
  data: shownData(event.data, showPersonal),
  metadata: event.metadata,
});

type BrowsedEvent = ReturnType<typeof browsedEvent>;

export const runStreams = async (options: InputOf<typeof streamsInput>) => {
  const all = await withStores(({ store }) => listStreams(store, options.prefix), { readonly: true });
  if (options.recent) all.sort((a, b) => b.lastPosition - a.lastPosition);
  const rows = options.limit === undefined ? all : all.slice(0, options.limit);
  await renderRecords(rows, all.length, 'streams', options, [
    { header: 'STREAM', value: (row) => row.stream },
    { header: 'EVENTS', value: (row) => String(row.events) },
    { header: 'LAST EVENT', value: (row) => formatInZone(row.lastEventTime, options.tz) },
    { header: 'POSITION', value: (row) => `#${row.lastPosition}` },
  ]);
};

/**
 * The last `count` events of the log, oldest first, read in windows back from its end (positions
 * have gaps where streams were deleted, so a window may hold fewer than it spans).
 */
const newestOfLog = async (
  store: EventStore,
  last: number | null,
  count: number,
): Promise<RecordedEvent[]> => {
  if (last === null) return [];
  for (let span = count * 2; ; span *= 4) {
    const after = Math.max(0, last - span);
    const events: RecordedEvent[] = [];
    await scanLog(store, (event) => void events.push(event), after);
    if (events.length >= count || after === 0) return events.slice(-count);
  }
};

/** How many events `events` shows when neither --limit nor --tail says. */
const EVENTS_SHOWN = 50;

const eventColumns = (wholeLog: boolean) => [
  { header: 'POSITION', value: (row: BrowsedEvent) => `#${row.position}` },
  wholeLog
    ? { header: 'STREAM', value: (row: BrowsedEvent) => row.stream }
    : { header: 'REV', value: (row: BrowsedEvent) => String(row.revision) },
  { header: 'TIME', value: (row: BrowsedEvent) => row.localTime },
  { header: 'TYPE', value: (row: BrowsedEvent) => row.type },
  { header: 'DATA', value: (row: BrowsedEvent) => JSON.stringify(row.data) },
];

/**
 * `events [stream]`: the log's events (or one stream's) that match, newest first, at most
 * --limit; `--tail N` the last N oldest first, and `--follow` goes on printing new ones as they
 * are written (as `tail -f`); `--from R` one stream's events from revision R on, oldest first.
 */
export const runEvents = async (options: InputOf<typeof eventsInput>) => {
  const since =
    options.since === undefined ? undefined : readInstant('--since', options.since, options.tz, 'start');
  const until =
    options.until === undefined ? undefined : readInstant('--until', options.until, options.tz, 'end');
  if (since && until && since > until) throw new UsageError('--since must not be after --until');
  if (options.from !== undefined && options.stream === undefined)
    throw new UsageError('--from counts revisions of one stream: name the stream');
  if (options.follow && options.until !== undefined)
    throw new UsageError('--follow prints events as they come: it takes no --until');
  if (options.tail !== undefined && options.limit !== undefined)
    throw new UsageError('--tail and --limit both say how many: use one');
  checkTypes(options.type, []);
  const filter: HistoryFilter = { types: options.type, since, until };
  const stream = options.stream;
  const oldestFirst = options.tail !== undefined || options.follow || options.from !== undefined;
  const keep =
    options.tail ??
    options.limit ??
    (options.from !== undefined ? Infinity : options.follow ? 10 : EVENTS_SHOWN);
  await withStores(
    async ({ store }) => {
      const { lastPosition } = await store.stats();
      const matching: RecordedEvent[] = [];
      let total = 0;
      const visit = (event: RecordedEvent) => {
        if (!matchesFilter(event, filter)) return;
        total += 1;
        matching.push(event);
        // From a revision: the first ones; otherwise the newest ones, so the window slides.
        if (options.from === undefined && matching.length > keep) matching.shift();
      };
      const unfiltered = filter.types.length === 0 && !since && !until;
      if (stream === undefined && unfiltered && Number.isFinite(keep)) {
        // The newest of the whole log: read back from its end, not all of it.
        const { events: count } = await store.stats();
        matching.push(...(await newestOfLog(store, lastPosition, keep)));
        total = count;
      } else if (stream === undefined) await scanLog(store, visit);
      else {
        const events = await store.readStream(stream, { fromRevision: options.from ?? 0 });
        if (events.length === 0 && (options.from ?? 0) === 0 && !options.follow)
          throw new CliError(`no stream "${stream}" (or it has been deleted)`);
        events.forEach(visit);
      }
      const picked = options.from !== undefined ? matching.slice(0, keep) : matching;
      const shown = (oldestFirst ? picked : [...picked].reverse()).map((event) =>
        browsedEvent(event, options.showPersonal, options.tz),
      );
      const jsonl = options.jsonl || (options.json && options.follow);
      await renderRecords(
        shown,
        total,
        'events',
        { json: options.json, jsonl },
        eventColumns(stream === undefined),
      );
      if (!options.follow) return;
      const interruption = onInterrupt();
      const subscription = store.subscribeToAll(lastPosition === null ? {} : { after: lastPosition });
      const stop = () => void subscription.unsubscribe();
      interruption.signal.addEventListener('abort', stop, { once: true });
      try {
        for await (const event of subscription) {
          if (interruption.signal.aborted) break;
          if ((stream !== undefined && event.streamId !== stream) || !matchesFilter(event, filter)) continue;
          const row = browsedEvent(event, options.showPersonal, options.tz);
          if (jsonl) printJsonLines([row]);
          else
            process.stdout.write(
              `${tableLines([row], eventColumns(stream === undefined))
                .slice(1)
                .join('\n')}\n`,
            );
        }
      } finally {
        interruption.dispose();
        await subscription.unsubscribe();
      }
    },
    { readonly: true },
  );
};

/** One event by its global position (as history shows it: `#1234`, `# 1234`, or bare) or its event id. */
export const findEvent = async (store: EventStore, reference: string): Promise<RecordedEvent | undefined> => {
  const wanted = readPosition(reference);
  if (wanted !== null) {
    const [event] = await store.readAll({ after: wanted - 1, maxCount: 1 });
    return event?.position === wanted ? event : undefined;
  }
  if (!/^[0-9a-zA-Z-]{8,}$/.test(reference))
    throw new UsageError(`invalid <event>: expected a position (#1234) or an event id (a UUID)`);
  let found: RecordedEvent | undefined;
  await scanLog(store, (event) => {
    if (event.id !== reference) return true;
    found = event;
    return false;
  });
  return found;
};

export const runEvent = async (options: InputOf<typeof eventInput>) => {
  const event = await withStores(({ store }) => findEvent(store, options.event), { readonly: true });
  if (!event) throw new CliError(`no event ${options.event}`);
  const shown = browsedEvent(event, options.showPersonal, options.tz);
  if (options.json) return printJson(shown);
  const { operator, correlationId, causationId, schemaVersion, time, ...rest } = event.metadata;
  await emitLines([
    ...keyValueLines(`${shown.type} #${shown.position}`, [
      ['id', shown.id],
      ['stream', `${shown.stream} (revision ${shown.revision})`],
      ['time', `${shown.localTime} ${options.tz} (${time})`],
      ['schema version', String(schemaVersion)],
      ['operator', operator ?? '-'],
      ['request id', correlationId ?? '-'],
      ...(causationId ? [['causation id', causationId] as [string, string]] : []),
      ...Object.entries(rest).map(([key, value]) => [key, JSON.stringify(value)] as [string, string]),
    ]),
    '',
    ...JSON.stringify(shown.data, null, 2)
      .split('\n')
      .map((line) => printable(line)),
  ]);
};
