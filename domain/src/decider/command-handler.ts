import {
  isWrongExpectedRevision,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store.js';
import { foldFrom, toEventsToAppend, type Decider, type DomainCommand, type DomainEvent } from './decider.js';
import { loadStreamState, type AppendedState, type Snapshots } from './stream-snapshots.js';

export interface HandleCommandOptions<State = unknown> {
  /** Times to re-read and decide again after a concurrent append won the race. Default 50. */
  maxRetries?: number;
  metadata?: Omit<EventMetadata, 'schemaVersion' | 'time'>;
  /** Read the state from a snapshot and only the events after it (the cost stays flat). */
  snapshots?: Snapshots<State>;
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
 *
 * `command` may be made from the state read (made again on each attempt): a caller that needs what
 * was decided on that state (a generated session) makes it once, in the command, and keeps it.
 */
export const handleCommand = async <State, Command extends DomainCommand, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  schemaVersions: Readonly<Record<Event['type'], number>>,
  command: Command | ((state: State) => Command),
  options: HandleCommandOptions<State> = {},
): Promise<HandledCommand<State, Event>> => {
  const maxRetries = options.maxRetries ?? 50;
  for (let attempt = 0; ; attempt++) {
    const loaded = await loadStreamState(store, streamId, decider, schemaVersions, options.snapshots);
    const decided = typeof command === 'function' ? command(loaded.state) : command;
    const events = decider.decide(decided, loaded.state);
    const state = foldFrom(decider, loaded.state, events);
    if (events.length === 0) return { events, state, position: null };
    // Where the store can mark the stream, the state after the append is kept with the mark taken
    // inside the append's transaction (no other writer can commit then), once the append has committed.
    let appended: AppendedState<State> | undefined;
    const markAppended =
      options.snapshots && store.streamMark
        ? (recorded: readonly RecordedEvent[]) => {
            const last = recorded.at(-1)!;
            appended = {
              state,
              revision: last.revision,
              lastEventId: last.id,
              mark: store.streamMark!(streamId),
            };
          }
        : undefined;
    try {
      const { position } = await store.appendToStream(
        streamId,
        toEventsToAppend(events, schemaVersions, {
          ...options.metadata,
          time: decided.metadata.now.toISOString(),
        }),
        { expectedRevision: loaded.revision, ...(markAppended ? { inTransaction: markAppended } : {}) },
      );
      if (appended) await options.snapshots!.appended(streamId, appended);
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
  decider: Pick<Decider<State, DomainCommand, Event>, 'initialState' | 'evolve' | 'evolveAll'>,
  schemaVersions: Readonly<Record<Event['type'], number>>,
  snapshots?: Snapshots<State>,
): Promise<State> => (await loadStreamState(store, streamId, decider, schemaVersions, snapshots)).state;
