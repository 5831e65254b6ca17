import type { RecordedEvent } from '@stickwork/domain';
import type { ReadModelStore } from './read-model-store.js';
import { customerIdOfStream } from './projection.js';

/**
 * The customer an event belongs to. `CustomerErased` names its customer in its data: after an
 * erasure it survives on its own anonymous stream (the customer's streams are deleted), and every
 * read model of that customer is scrubbed when the projections reach it.
 */
export const customerKeyOf = (event: RecordedEvent): string | null => {
  if (event.type === 'CustomerErased') {
    const { customerId } = (event.data ?? {}) as { customerId?: unknown };
    return typeof customerId === 'string' && customerId !== '' ? customerId : null;
  }
  return customerIdOfStream(event.streamId);
};

/** True for the erasure marker: the projection then deletes the customer's read model. */
export const isCustomerErased = (event: RecordedEvent): boolean => event.type === 'CustomerErased';

/**
 * Every read model of a customer in one projection: the one under their id, and those under
 * `<id>/…` where the projection keeps one per part (the plays of `lesson_history_by_play`).
 */
export const customerReadModels = (
  readModels: ReadModelStore,
  projection: string,
  customerId: string,
): unknown[] => {
  const own = readModels.get(projection, customerId);
  return [
    ...(own === undefined ? [] : [own]),
    ...readModels.listUnder(projection, `${customerId}/`).map((row) => row.state),
  ];
};
