import { match } from 'ts-pattern';
import type { Decider, DomainCommand } from '../decider/decider.js';
import { DomainError } from '../errors/domain-error.js';
import type { EmailReservationEvent } from './customer-events.js';

/**
 * The `email-<digest>` stream makes an email unique. The handler appends `EmailReserved` with
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
    return match(event)
      .returnType<EmailReservationState>()
      .with({ type: 'EmailReserved' }, ({ data }) => ({ reservedBy: data.customerId }))
      .exhaustive();
  },
  decide: (command, state) => {
    return match(command)
      .returnType<EmailReservationEvent[]>()
      .with({ type: 'ReserveEmail' }, (command) => {
        const { customerId } = command.data;
        if (state.reservedBy === customerId) return [];
        if (state.reservedBy !== null) throw new DomainError('email_taken', 'email already in use');
        return [
          { type: 'EmailReserved', data: { customerId, reservedAt: command.metadata.now.toISOString() } },
        ];
      })
      .exhaustive();
  },
};
