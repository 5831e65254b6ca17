import {
  createInMemoryEventStore,
  customerStreamId,
  erasureStreamId,
  isDomainError,
} from '@stickwork/domain';
import { describe, expect, it } from 'vitest';
import { runCustomerCommand } from './customer-commands.js';

const now = new Date('2026-11-29T10:00:00.000Z');
const metadata = { schemaVersion: 1, time: now.toISOString() };
const pinUtc = { type: 'PinTimeZone', data: { timeZone: 'UTC' } } as const;

const backendWith = async (erased: boolean) => {
  const store = createInMemoryEventStore();
  // What erasure leaves: the customer's stream gone, the anonymous marker on erasure-<id>.
  if (erased)
    await store.appendToStream(erasureStreamId('c-1'), [
      { type: 'CustomerErased', data: { customerId: 'c-1', erasedAt: now.toISOString() }, metadata },
    ]);
  return { store, clock: () => now };
};

const codeOf = async (run: Promise<unknown>) =>
  run.then(
    () => 'ok',
    (error: unknown) => (isDomainError(error) ? error.code : error),
  );

describe('a customer command', () => {
  it('that raced an erasure (its stream deleted, the marker written) says the account was deleted', async () => {
    const backend = await backendWith(true);
    expect(await codeOf(runCustomerCommand(backend, 'c-1', pinUtc))).toBe('customer_erased');
    expect(await backend.store.readStream(customerStreamId('c-1'))).toEqual([]);
  });

  it('for a customer who never registered says so', async () => {
    expect(await codeOf(runCustomerCommand(await backendWith(false), 'c-1', pinUtc))).toBe('not_registered');
  });
});
