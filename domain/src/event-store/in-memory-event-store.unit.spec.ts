import { describeEventStoreContract } from '../testing/event-store-contract.js';
import { createInMemoryEventStore } from './in-memory-event-store.js';

describeEventStoreContract('in-memory', async () => ({
  store: createInMemoryEventStore(),
  sharesItsTransaction: true,
}));
