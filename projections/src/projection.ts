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
  /**
   * For a projection that keeps one customer's read model under several keys (`<customer>/<part>`,
   * so that an event rewrites one small model, not the customer's whole history): the key prefix
   * whose read models this event deletes at once (an erasure), or null.
   */
  dropsKeysUnder?(event: RecordedEvent): string | null;
  /**
   * Names an earlier version of this projection kept its read models under (a change of key
   * layout is a new name, built from the log aside); their rows go when this one is swapped in.
   */
  formerNames?: readonly string[];
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
