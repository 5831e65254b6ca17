import type { EventMetadata, EventToAppend, RecordedEvent } from '../event-store/event-store.js';
import {
  checkCurrentData,
  currentSchemasOf,
  upcastData,
  upcastersOf,
  UpcastError,
  type CurrentEventSchemas,
  type UpcasterRegistry,
} from './upcasters.js';

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

/** One recorded event of a known type at its type's current schema version (see `toDomainEvents`). */
const domainEventOf = <Event extends DomainEvent>(
  event: RecordedEvent,
  schemaVersions: Readonly<Record<Event['type'], number>>,
  upcasters: UpcasterRegistry,
  currentSchemas: CurrentEventSchemas,
): Event => {
  const current = schemaVersions[event.type as Event['type']];
  const version = event.metadata.schemaVersion;
  const data =
    version === current
      ? checkCurrentData(currentSchemas, event.type, version, event.data)
      : upcastData(upcasters, event.type, version, current, event.data);
  return { type: event.type, data } as Event;
};

/**
 * Keeps the recorded events of known types as domain events, each at its type's current schema
 * version: data recorded at an older version goes through the type's upcasters (`upcasters.ts`; by
 * default those that came with the schema versions, `withUpcasters`), and data recorded at the current
 * version must fit that version's schema (when the stream has one): either way an event that cannot be
 * read throws `UpcastError`, never becomes a state or a row.
 */
export const toDomainEvents = <Event extends DomainEvent>(
  recorded: readonly RecordedEvent[],
  schemaVersions: Readonly<Record<Event['type'], number>>,
  upcasters: UpcasterRegistry = upcastersOf(schemaVersions),
  currentSchemas: CurrentEventSchemas = currentSchemasOf(schemaVersions),
): Event[] =>
  recorded
    .filter((event) => Object.hasOwn(schemaVersions, event.type))
    .map((event) => domainEventOf<Event>(event, schemaVersions, upcasters, currentSchemas));

/**
 * `toDomainEvents` for a decider's fold: an event that cannot be read (`UpcastError`) is left out, as
 * the projections leave it out of the read models when they park it. One damaged event never stops its
 * customer's writes (they answer with stale read models while health names it), and never becomes state.
 */
export const readableDomainEvents = <Event extends DomainEvent>(
  recorded: readonly RecordedEvent[],
  schemaVersions: Readonly<Record<Event['type'], number>>,
): Event[] => {
  const upcasters = upcastersOf(schemaVersions);
  const currentSchemas = currentSchemasOf(schemaVersions);
  const events: Event[] = [];
  for (const event of recorded) {
    if (!Object.hasOwn(schemaVersions, event.type)) continue;
    try {
      events.push(domainEventOf<Event>(event, schemaVersions, upcasters, currentSchemas));
    } catch (error) {
      if (!(error instanceof UpcastError)) throw error;
    }
  }
  return events;
};
