export const hello = 'domain';
export * from './event-store/event-store.js';
export * from './event-store/in-memory-event-store.js';
