export const hello = 'domain';
export * from './event-store/event-store.js';
export * from './event-store/in-memory-event-store.js';
export * from './rules/plans.js';
export * from './rules/prices.js';
export * from './rules/tier-features.js';
