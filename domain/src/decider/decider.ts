import type { EventMetadata, EventToAppend, RecordedEvent } from '../event-store/event-store.js';
import { upcastData, upcastersOf, type UpcasterRegistry } from './upcasters.js';

/** A stored fact before the store adds its metadata. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** Time and ids come from the caller's injected clock and id source, never from the decider. */
export interface CommandMetadata {
  now: Date;
}

export interface DomainCommand<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
}

/**
 * The decider of DESIGN.md "Conventions": pure `decide` and `evolve`, and an initial state.
 * `decide` throws a `DomainError` to refuse a command and returns no events for a no-op.
 */
export interface Decider<State, Command extends DomainCommand, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
  /**
   * Optional: folds many events at once, equal to `events.reduce(evolve, state)` but free to
   * update its own copies in place (a long stream must not copy its state once per event).
   * Never mutates `state`.
   */
  evolveAll?: (state: State, events: readonly Event[]) => State;
}

type Folding<State, Event extends DomainEvent> = Pick<
  Decider<State, DomainCommand, Event>,
  'initialState' | 'evolve' | 'evolveAll'
>;

/** Folds events into a state, with the decider's `evolveAll` when it has one. */
export const foldFrom = <State, Event extends DomainEvent>(
  decider: Pick<Folding<State, Event>, 'evolve' | 'evolveAll'>,
  state: State,
  events: readonly Event[],
): State => (decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state));

/** Folds a stream's events into the decider's state. */
export const foldEvents = <State, Event extends DomainEvent>(
  decider: Folding<State, Event>,
  events: readonly Event[],
): State => foldFrom(decider, decider.initialState(), events);

/**
 * Given past events, when a command: the new events (the core of a command handler, and of the
 * given/when/then tests).
 */
export const decideAfter = <State, Command extends DomainCommand, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  history: readonly Event[],
  command: Command,
): Event[] => decider.decide(command, foldEvents(decider, history));

/** Adds the store metadata (schema version per type, time) to decided events. */
export const toEventsToAppend = <Event extends DomainEvent>(
  events: readonly Event[],
  schemaVersions: Readonly<Record<Event['type'], number>>,
  metadata: Omit<EventMetadata, 'schemaVersion'>,
): EventToAppend<Event['type'], Event['data']>[] =>
  events.map((event) => ({
    type: event.type,
    data: event.data,
    metadata: { ...metadata, schemaVersion: schemaVersions[event.type as Event['type']] },
  }));

/**
 * Keeps the recorded events of known types as domain events, each at its type's current schema
 * version: data recorded at an older version goes through the type's upcasters (`upcasters.ts`; by
 * default those that came with the schema versions, `withUpcasters`).
 */
export const toDomainEvents = <Event extends DomainEvent>(
  recorded: readonly RecordedEvent[],
  schemaVersions: Readonly<Record<Event['type'], number>>,
  upcasters: UpcasterRegistry = upcastersOf(schemaVersions),
): Event[] =>
  recorded
    .filter((event) => Object.hasOwn(schemaVersions, event.type))
    .map((event) => {
      const current = schemaVersions[event.type as Event['type']];
      const version = event.metadata.schemaVersion;
      const data =
        version === current ? event.data : upcastData(upcasters, event.type, version, current, event.data);
      return { type: event.type, data } as Event;
    });
