import type { Decider, DomainCommand } from '../decider/decider.js';
import { DomainError } from '../errors/domain-error.js';
import type { EmailReservationEvent } from './customer-events.js';

/**
 * The `email-<sha256>` stream makes an email unique. The handler appends `EmailReserved` with
 * expected revision `no_stream`: of two concurrent registrations one append fails with
 * `WrongExpectedRevisionError`, which the handler reports as `email_taken` too. Erasure deletes
 * the stream, which frees the email.
 */
export type EmailReservationState = { reservedBy: string | null };

export type ReserveEmail = DomainCommand<'ReserveEmail', { customerId: string }>;
export type EmailReservationCommand = ReserveEmail;

export const emailReservationDecider: Decider<
  EmailReservationState,
  EmailReservationCommand,
  EmailReservationEvent
> = {
  initialState: () => ({ reservedBy: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'EmailReserved':
        return { reservedBy: event.data.customerId };
      default: {
        const _exhaustive: never = event.type;
        return state;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveEmail': {
        const { customerId } = command.data;
        if (state.reservedBy === customerId) return [];
        if (state.reservedBy !== null) throw new DomainError('email_taken', 'email already in use');
        return [
          { type: 'EmailReserved', data: { customerId, reservedAt: command.metadata.now.toISOString() } },
        ];
      }
      default: {
        const _exhaustive: never = command.type;
        throw new DomainError('invalid_input', 'Unknown command');
      }
    }
  },
};
