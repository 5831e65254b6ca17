import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  handleCommand,
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
export const runCustomerCommand = (
  backend: Pick<Backend, 'store' | 'clock'>,
  customerId: string,
  command: CustomerCommandInput,
  options: CustomerCommandOptions = {},
) =>
  handleCommand(
    backend.store,
    customerStreamId(customerId),
    customerDecider,
    customerEventSchemaVersions,
    { ...command, metadata: { now: options.now ?? backend.clock() } } as CustomerCommand,
    options.causationId === undefined ? {} : { metadata: { causationId: options.causationId } },
  );
