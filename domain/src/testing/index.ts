export { describeEventStoreContract, type EventStoreUnderTest } from './event-store-contract.js';
export { takeFigures } from './take-fixtures.js';
