export { describeEventStoreContract, type EventStoreUnderTest } from './event-store-contract.js';
export { takeFigures, takeScore } from './take-fixtures.js';
