import {
  practiceEventSchemaVersions,
  toDomainEvents,
  type CustomerErased,
  type PracticeEvent,
  type RecordedEvent,
} from '@stickwork/domain';

/** A recorded event as the practice decider knows it (upcast), or undefined for other types. */
export const asPracticeEvent = (event: RecordedEvent): PracticeEvent | undefined =>
  toDomainEvents<PracticeEvent>([event], practiceEventSchemaVersions)[0];

/** What a per-customer practice fold reads: practice events and the erasure marker. */
export type PracticeFoldEvent = PracticeEvent | CustomerErased;

export interface PracticeFoldEvents<Event extends PracticeFoldEvent> {
  /** The projection's `canHandle`. */
  canHandle: readonly string[];
  /** The recorded event as one of these (practice events upcast), or undefined for any other. */
  read(event: RecordedEvent): Event | undefined;
}

/**
 * The event types a fold reads, named once: they are its `canHandle`, and `read` gives the closed
 * union of them, which the fold matches exhaustively with ts-pattern (a type added here without a
 * case does not compile).
 */
export const practiceFoldEvents = <Type extends PracticeFoldEvent['type']>(
  ...types: Type[]
): PracticeFoldEvents<Extract<PracticeFoldEvent, { type: Type }>> => {
  type Event = Extract<PracticeFoldEvent, { type: Type }>;
  const handled = new Set<string>(types);
  return {
    canHandle: types,
    read: (event) => {
      if (!handled.has(event.type)) return undefined;
      if (event.type === 'CustomerErased') return { type: 'CustomerErased', data: event.data } as Event;
      return asPracticeEvent(event) as Event | undefined;
    },
  };
};
