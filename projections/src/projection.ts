import type { RecordedEvent } from '@stickwork/domain';

/**
 * A read model as a pure fold (emmett's projection shape: `canHandle`, `initialState`,
 * `evolve`), kept per key (usually the customer id).
 */
export interface Projection<State = unknown> {
  /** Table-safe name, also the checkpoint's name. */
  name: string;
  /** Event types this projection reads; others are skipped without loading state. */
  canHandle: readonly string[];
  /** Which read model an event belongs to; null to skip it. */
  keyOf(event: RecordedEvent): string | null;
  initialState(): State;
  /** The next state, or null to delete the read model (erasure). */
  evolve(state: State, event: RecordedEvent): State | null;
}

/** `practice-<id>` and `customer-<id>` streams both belong to customer `<id>`. */
export const customerIdOfStream = (streamId: string): string | null => {
  const match = /^(?:practice|customer)-(.+)$/.exec(streamId);
  return match ? match[1]! : null;
};

export const defineProjection = <State>(projection: Projection<State>): Projection<State> => projection;
