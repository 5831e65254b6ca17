import { expect } from 'vitest';
import { decideAfter, type Decider, type DomainCommand, type DomainEvent } from '../decider/decider.js';
import { isDomainError, type DomainErrorCode } from '../errors/domain-error.js';

/**
 * Decider tests in the given / when / then shape (DESIGN.md): given past events, when a command
 * (metadata.now filled in), then the events decided, or the DomainError code (and message) of a
 * refusal. `events()` hands the decided events on, for a test that folds them further.
 */
export const givenWhenThen =
  <State, Command extends DomainCommand, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    now: Date,
  ) =>
  (...history: Event[]) => ({
    when: (command: Omit<Command, 'metadata'>, at = now) => {
      const decide = () => decideAfter(decider, history, { ...command, metadata: { now: at } } as Command);
      return {
        events: decide,
        then: (expected: Event[]) => expect(decide()).toEqual(expected),
        thenThrows: (code: DomainErrorCode, message?: string) => {
          let error: unknown;
          try {
            decide();
          } catch (caught) {
            error = caught;
          }
          expect(isDomainError(error, code), `expected DomainError ${code}, got ${String(error)}`).toBe(true);
          if (message !== undefined) expect((error as Error).message).toBe(message);
        },
      };
    },
  });
