import {
  foldEvents,
  isWrongExpectedRevision,
  toDomainEvents,
  toEventsToAppend,
  type Decider,
  type DomainCommand,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
} from '@stickwork/domain';

export interface CommandResult<State, Event> {
  /** What the decider decided (empty for a no-op). */
  events: Event[];
  /** The stream's state after the new events. */
  state: State;
  /** Global position of the last event written, for read-your-writes; null when nothing was written. */
  position: number | null;
}

export interface HandleOptions {
  /** Metadata stored with the events, besides the schema version and the command's time. */
  metadata?: Omit<EventMetadata, 'schemaVersion' | 'time'>;
  /** Re-decisions after a concurrent write before giving up. */
  maxRetries?: number;
}

/**
 * Read the stream, fold it, decide, and append with the revision the decision was based on.
 * A concurrent write makes the append fail; the command is then decided again on the new
 * state. That is what makes rules such as the daily lesson limit race-free.
 */
export const handleCommand = async <State, Command extends DomainCommand, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  schemaVersions: Readonly<Record<Event['type'], number>>,
  command: Command,
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> => {
  const maxRetries = options.maxRetries ?? 50;
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const state = foldEvents(decider, toDomainEvents<Event>(recorded, schemaVersions));
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, position: null };
    const expectedRevision = recorded.length > 0 ? recorded[recorded.length - 1]!.revision : 'no_stream';
    try {
      const { position } = await store.appendToStream(
        streamId,
        toEventsToAppend(events, schemaVersions, {
          ...options.metadata,
          time: command.metadata.now.toISOString(),
        }),
        { expectedRevision },
      );
      return { events, state: events.reduce(decider.evolve, state), position };
    } catch (error) {
      if (!isWrongExpectedRevision(error) || attempt >= maxRetries) throw error;
    }
  }
};

/** The current state of a stream, for queries. */
export const loadState = async <State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, DomainCommand, Event>, 'initialState' | 'evolve'>,
  schemaVersions: Readonly<Record<Event['type'], number>>,
): Promise<State> =>
  foldEvents(decider, toDomainEvents<Event>(await store.readStream(streamId), schemaVersions));
