import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  DomainError,
  erasureStreamId,
  handleCommand,
  isDomainError,
  type CustomerCommand,
} from '@stickwork/domain';
import type { Backend } from '../backend.js';

/** A customer command as a caller states it: the time comes from the backend's clock (or `now`). */
export type CustomerCommandInput = CustomerCommand extends infer Command
  ? Command extends CustomerCommand
    ? Omit<Command, 'metadata'>
    : never
  : never;

export interface CustomerCommandOptions {
  /** The request's one instant, when the caller decides several things at the same moment. */
  now?: Date;
  /** The provider event (or other cause) the command answers, kept in the events' metadata. */
  causationId?: string;
}

/**
 * The one way a command reaches a `customer-` stream: read, fold, let the customer decider (and so
 * the subscription machine) decide, append with the revision read (`handleCommand`). The accounts,
 * payments, time-zone and erasure services, and through them the CLI and the seed, all come here.
 */
export const runCustomerCommand = async (
  backend: Pick<Backend, 'store' | 'clock'>,
  customerId: string,
  command: CustomerCommandInput,
  options: CustomerCommandOptions = {},
) => {
  try {
    return await handleCommand(
      backend.store,
      customerStreamId(customerId),
      customerDecider,
      customerEventSchemaVersions,
      { ...command, metadata: { now: options.now ?? backend.clock() } } as CustomerCommand,
      options.causationId === undefined ? {} : { metadata: { causationId: options.causationId } },
    );
  } catch (error) {
    // Erasure deletes the stream: a command racing it folds nothing, which is a deleted account (410,
    // as loadCustomer reads it), not one that never registered (404).
    if (
      isDomainError(error, 'not_registered') &&
      (await backend.store.readStream(erasureStreamId(customerId))).length > 0
    )
      throw new DomainError('customer_erased', 'This account has been deleted.');
    throw error;
  }
};
