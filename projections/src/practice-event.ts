import {
  practiceEventSchemaVersions,
  toDomainEvents,
  type PracticeEvent,
  type RecordedEvent,
} from '@stickwork/domain';

/** A recorded event as the practice decider knows it (upcast), or undefined for other types. */
export const asPracticeEvent = (event: RecordedEvent): PracticeEvent | undefined =>
  toDomainEvents<PracticeEvent>([event], practiceEventSchemaVersions)[0];
