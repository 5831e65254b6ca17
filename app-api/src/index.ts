export { loadConfig, ConfigError, type Config, type StripeConfig } from './config.js';
export { createBackend, type Backend, type BackendOptions } from './backend.js';
export { createServer } from './server.js';
export { openStores, sqliteFileIn, type OpenedStores } from './adapters/event-store/open-event-store.js';
export type { Clock } from './clock.js';
