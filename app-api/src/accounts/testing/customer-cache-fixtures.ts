import type { EventStore } from '@stickwork/domain';
import { customerRegistered } from '@stickwork/domain/testing';
import { runCustomerCommand, type CustomerCommandInput } from '../customer-commands.js';

/** A command on Ringo's stream (customer c-1) at `now`, the one way a command reaches it. */
export const onRingo = (store: EventStore, command: CustomerCommandInput, now: Date) =>
  runCustomerCommand({ store, clock: () => now }, 'c-1', command);

/** Ringo (customer c-1) registers at `now`, password hash `h1`: the domain's registration fixture, as
 * the command that records it. */
export const registerRingo = (store: EventStore, now: Date) => {
  const { registeredAt: _registeredAt, ...data } = customerRegistered({
    passwordHash: 'h1',
    dateTermsAndConditions: now.toISOString(),
  }).data;
  return onRingo(store, { type: 'RegisterCustomer', data }, now);
};
