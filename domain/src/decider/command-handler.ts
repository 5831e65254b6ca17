import { isWrongExpectedRevision, type EventMetadata, type EventStore } from '../event-store/event-store.js';
import {
  foldEvents,
  toDomainEvents,
  toEventsToAppend,
  type Decider,
  type DomainCommand,
  type DomainEvent,
} from './decider.js';

export interface HandleCommandOptions {
  /** Times to re-read and decide again after a concurrent append won the race. Default 50. */
  maxRetries?: number;
  metadata?: Omit<EventMetadata, 'schemaVersion' | 'time'>;
}

export interface HandledCommand<State, Event> {
  events: Event[];
  /** The state after the new events. */
  state: State;
  /** Global position of the last event written, null when the command decided nothing. */
  position: number | null;
}

/**
 * Read the stream, fold it, decide, append with the expected revision that was read. A concurrent
 * append makes the store throw `WrongExpectedRevisionError`; the command is then decided again on
 * the fresh stream. This is what makes the daily limit and the email reservation race-free: two
 * requests can never both append on top of the same revision.
 */
export const handleCommand = async <State, Command extends DomainCommand, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  schemaVersions: Readonly<Record<Event['type'], number>>,
  command: Command,
  options: HandleCommandOptions = {},
): Promise<HandledCommand<State, Event>> => {
  const maxRetries = options.maxRetries ?? 50;
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const history = toDomainEvents<Event>(recorded, schemaVersions);
    const before = foldEvents(decider, history);
    const events = decider.decide(command, before);
    const state = events.reduce(decider.evolve, before);
    if (events.length === 0) return { events, state, position: null };
    const last = recorded.at(-1);
    try {
      const { position } = await store.appendToStream(
        streamId,
        toEventsToAppend(events, schemaVersions, {
          ...options.metadata,
          time: command.metadata.now.toISOString(),
        }),
        { expectedRevision: last === undefined ? 'no_stream' : last.revision },
      );
      return { events, state, position };
    } catch (error) {
      if (!isWrongExpectedRevision(error) || attempt >= maxRetries) throw error;
    }
  }
};

/** The current state of a stream, for queries that need no decision. */
export const loadState = async <State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, DomainCommand, Event>, 'initialState' | 'evolve'>,
  schemaVersions: Readonly<Record<Event['type'], number>>,
): Promise<State> =>
  foldEvents(decider, toDomainEvents<Event>(await store.readStream(streamId), schemaVersions));
