import type { EventStore, RecordedEvent } from '@stickwork/domain';
import { customerStreams } from '../customers/resolve-customer.js';
import { formatInZone, summarizeEvent } from './event-summary.js';
import { shownData } from './personal-data.js';
import { createTempoChangeTracker, tempoChangeLabel, type TempoChange } from './tempo-changes.js';

export interface HistoryFilter {
  /** Event types to keep; empty keeps all. */
  types: readonly string[];
  since?: Date;
  until?: Date;
}

/** An event as `stickwork history --json` prints it: readable, and without secrets. */
export interface HistoryEntry {
  position: number;
  stream: string;
  revision: number;
  type: string;
  time: string;
  /** `time` in the zone the history is shown in. */
  localTime: string;
  summary: string;
  operator?: string;
  /** On the take that opens a lesson's play at another tempo than its previous play (`tempo-changes.ts`). */
  tempoChange?: TempoChange;
  data: unknown;
}

export const matchesFilter = (event: RecordedEvent, filter: HistoryFilter): boolean => {
  if (filter.types.length > 0 && !filter.types.includes(event.type)) return false;
  const time = Date.parse(event.metadata.time);
  if (filter.since && time < filter.since.getTime()) return false;
  if (filter.until && time > filter.until.getTime()) return false;
  return true;
};

/** The customer's events from all their streams, merged into the order of the global log. */
export const readCustomerEvents = async (store: EventStore, customerId: string): Promise<RecordedEvent[]> => {
  const streams = await Promise.all(customerStreams(customerId).map((stream) => store.readStream(stream)));
  return streams.flat().sort((a, b) => a.position - b.position);
};

/** A take's summary, with the tempo change its play made when it made one. */
const withTempoChange = (summary: string, tempoChange: TempoChange | undefined): string =>
  tempoChange ? `${summary}, ${tempoChangeLabel(tempoChange)}` : summary;

/** An event as history shows it: never a secret, personal data (names, emails) only when asked for. */
export const toHistoryEntry = (
  event: RecordedEvent,
  timeZone: string,
  showPersonal: boolean,
  tempoChange?: TempoChange,
): HistoryEntry => ({
  position: event.position,
  stream: event.streamId,
  revision: event.revision,
  type: event.type,
  time: event.metadata.time,
  localTime: formatInZone(event.metadata.time, timeZone),
  // An elided field reads as `…` in the one-line summary, and as the placeholder in the data.
  summary: withTempoChange(
    summarizeEvent({ ...event, data: shownData(event.data, showPersonal, '…') }),
    tempoChange,
  ),
  ...(event.metadata.operator ? { operator: event.metadata.operator } : {}),
  ...(tempoChange ? { tempoChange } : {}),
  data: shownData(event.data, showPersonal),
});

/** Each event with the tempo change it shows, found over all the events given (before any filter). */
export const withTempoChanges = (
  events: readonly RecordedEvent[],
): { event: RecordedEvent; tempoChange?: TempoChange }[] => {
  const tempoChangeOf = createTempoChangeTracker();
  return events.map((event) => {
    const tempoChange = tempoChangeOf(event);
    return tempoChange ? { event, tempoChange } : { event };
  });
};

export const customerHistory = async (
  store: EventStore,
  customerId: string,
  filter: HistoryFilter,
  timeZone: string,
  showPersonal: boolean,
): Promise<HistoryEntry[]> =>
  withTempoChanges(await readCustomerEvents(store, customerId))
    .filter(({ event }) => matchesFilter(event, filter))
    .map(({ event, tempoChange }) => toHistoryEntry(event, timeZone, showPersonal, tempoChange));

/** Whether an event of the global log belongs to the customer (their streams, or their erasure marker). */
export const belongsTo = (event: RecordedEvent, customerId: string): boolean =>
  customerStreams(customerId).includes(event.streamId);

/**
 * New events of the customer as they are written, after `after`, until `signal` aborts
 * (Ctrl-C): a subscription to the global log filtered to the customer's streams.
 */
export const followCustomerHistory = async (
  store: EventStore,
  customerId: string,
  after: number | null,
  onEvent: (event: RecordedEvent) => void | Promise<void>,
  signal: AbortSignal,
): Promise<void> => {
  const subscription = store.subscribeToAll(after === null ? {} : { after });
  const stop = () => void subscription.unsubscribe();
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const event of subscription) {
      if (signal.aborted) break;
      if (belongsTo(event, customerId)) await onEvent(event);
    }
  } finally {
    signal.removeEventListener('abort', stop);
    await subscription.unsubscribe();
  }
};
