import type { EventStore } from '@stickwork/domain';
import { runCustomerCommand, type CustomerCommandInput } from '../customer-commands.js';

/** A command on Ringo's stream (customer c-1) at `now`, the one way a command reaches it. */
export const onRingo = (store: EventStore, command: CustomerCommandInput, now: Date) =>
  runCustomerCommand({ store, clock: () => now }, 'c-1', command);

/** Ringo (customer c-1) registers at `now`, password hash `h1`. */
export const registerRingo = (store: EventStore, now: Date) =>
  onRingo(
    store,
    {
      type: 'RegisterCustomer',
      data: {
        customerId: 'c-1',
        email: 'ringo@example.com',
        firstname: 'Ringo',
        lastname: 'Starr',
        country: 'GB',
        passwordHash: 'h1',
        newsletterSubscription: false,
        dateTermsAndConditions: now.toISOString(),
      },
    },
    now,
  );
