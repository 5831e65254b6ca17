import { describeEventStoreContract } from '@stickwork/domain/testing';
import { afterAll, beforeAll } from 'vitest';
import { connectEventStoreDb } from './eventstoredb-event-store.js';
import { startEsdbTestServer, type EsdbTestServer } from './testing/esdb-test-server.js';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  // One real server for the whole run: the contract names every stream uniquely.
  describeEventStoreContract('EventStoreDB (real server)', async () => ({
    store: connectEventStoreDb(connectionString),
    concurrentWriters: 8,
  }));
} else {
  // The in-process test server, through the real client over real gRPC (README "EventStoreDB test server").
  let server: EsdbTestServer;
  beforeAll(async () => {
    server = await startEsdbTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  describeEventStoreContract('EventStoreDB (in-process test server)', async () => ({
    store: connectEventStoreDb(server.connectionString),
    concurrentWriters: 8,
  }));
}
