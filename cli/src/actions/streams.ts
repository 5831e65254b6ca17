import { z } from 'zod';
import type { EventStore, RecordedEvent } from '@stickwork/domain';
import { CliError, UsageError, withStores } from '../context.js';
import { shownData } from '../history/personal-data.js';
import { limitOption, parseOptions, wholeNumberOption } from '../options.js';
import { emitLines, keyValueLines, printable, printJson, renderTable } from '../ui/print.js';

const PAGE = 5000;

/** Every event of the global log, page by page. */
const scanLog = async (store: EventStore, visit: (event: RecordedEvent) => boolean | void) => {
  let after: number | undefined;
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
export const browsedEvent = (event: RecordedEvent, showPersonal: boolean) => ({
  id: event.id,
  position: event.position,
  stream: event.streamId,
  revision: event.revision,
  type: event.type,
  time: event.metadata.time,
  data: shownData(event.data, showPersonal),
  metadata: event.metadata,
});

const streamsOptions = z.object({
  prefix: z.string().optional(),
  limit: limitOption(),
  json: z.boolean().default(false),
});

export const runStreams = async (raw: Record<string, unknown>) => {
  const options = parseOptions(streamsOptions, raw);
  const all = await withStores(({ store }) => listStreams(store, options.prefix), { readonly: true });
  const rows = options.limit === undefined ? all : all.slice(0, options.limit);
  if (options.json) return printJson(rows);
  await renderTable(rows, [
    { header: 'STREAM', value: (row) => row.stream },
    { header: 'EVENTS', value: (row) => String(row.events) },
    { header: 'LAST EVENT', value: (row) => row.lastEventTime.replace('T', ' ').slice(0, 19) },
    { header: 'POSITION', value: (row) => `#${row.lastPosition}` },
  ]);
};

const eventsOptions = z.object({
  stream: z.string().min(1, { message: 'name a stream (see `stickwork streams`)' }),
  from: wholeNumberOption(0, Number.MAX_SAFE_INTEGER).default(0),
  limit: limitOption(),
  showPersonal: z.boolean().default(false),
  json: z.boolean().default(false),
});

export const runEvents = async (stream: string, raw: Record<string, unknown>) => {
  const options = parseOptions(eventsOptions, { ...raw, stream }, ['stream']);
  const events = await withStores(
    ({ store }) =>
      store.readStream(options.stream, {
        fromRevision: options.from,
        ...(options.limit === undefined ? {} : { maxCount: options.limit }),
      }),
    { readonly: true },
  );
  if (events.length === 0 && options.from === 0)
    throw new CliError(`no stream "${options.stream}" (or it has been deleted)`);
  const shown = events.map((event) => browsedEvent(event, options.showPersonal));
  if (options.json) return printJson(shown);
  await renderTable(shown, [
    { header: 'REV', value: (row) => String(row.revision) },
    { header: 'POSITION', value: (row) => `#${row.position}` },
    { header: 'TIME', value: (row) => row.time.replace('T', ' ').slice(0, 19) },
    { header: 'TYPE', value: (row) => row.type },
    { header: 'DATA', value: (row) => JSON.stringify(row.data) },
  ]);
};

const eventOptions = z.object({
  reference: z.string().trim().min(1, { message: 'name an event by its position (#1234) or id' }),
  showPersonal: z.boolean().default(false),
  json: z.boolean().default(false),
});

/** One event by its global position (as history shows it, `#1234`, or bare) or its event id. */
export const findEvent = async (store: EventStore, reference: string): Promise<RecordedEvent | undefined> => {
  const position = /^#?(\d+)$/.exec(reference);
  if (position) {
    const wanted = Number(position[1]);
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

export const runEvent = async (reference: string, raw: Record<string, unknown>) => {
  const options = parseOptions(eventOptions, { ...raw, reference }, ['reference']);
  const event = await withStores(({ store }) => findEvent(store, options.reference), { readonly: true });
  if (!event) throw new CliError(`no event ${options.reference}`);
  const shown = browsedEvent(event, options.showPersonal);
  if (options.json) return printJson(shown);
  const { operator, correlationId, causationId, schemaVersion, time, ...rest } = event.metadata;
  await emitLines([
    ...keyValueLines(`${shown.type} #${shown.position}`, [
      ['id', shown.id],
      ['stream', `${shown.stream} (revision ${shown.revision})`],
      ['time', time],
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
