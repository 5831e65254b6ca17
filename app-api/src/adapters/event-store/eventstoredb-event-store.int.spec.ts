import { describeEventStoreContract } from '@stickwork/domain/testing';
import { describe, it } from 'vitest';
import { connectEventStoreDb } from './eventstoredb-event-store.js';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  // One server for the whole run: the contract names every stream uniquely.
  describeEventStoreContract('EventStoreDB', async () => ({ store: connectEventStoreDb(connectionString) }));
} else {
  const reason = 'EventStoreDB contract skipped: set EVENTSTORE_CONNECTION_STRING to run it';
  console.warn(reason);
  describe.skip(reason, () => {
    it('runs the event store contract on EventStoreDB', () => undefined);
  });
}
