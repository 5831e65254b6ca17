export { loadConfig, ConfigError, type Config, type StripeConfig } from './config.js';
export { createBackend, type Backend } from './backend.js';
export { createServer } from './server.js';
export { openEventStore, sqliteFileIn } from './adapters/event-store/open-event-store.js';
