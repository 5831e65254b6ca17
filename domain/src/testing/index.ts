export { describeEventStoreContract, type EventStoreUnderTest } from './event-store-contract.js';
