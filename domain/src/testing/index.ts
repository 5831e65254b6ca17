export { describeEventStoreContract, type EventStoreUnderTest } from './event-store-contract.js';
export { snareRushingFourTake, takeFigures, takeScore } from './take-fixtures.js';
export { customerRegistered } from './customer-fixtures.js';
