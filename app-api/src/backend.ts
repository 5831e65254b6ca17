import fs from 'node:fs';
import type { Logger } from 'pino';
import type { EventStore } from '@stickwork/domain';
import type { Config } from './config.js';
import { createLogger } from './logger.js';
import { loadOrCreateSecret } from './secrets.js';
import { openEventStore } from './adapters/event-store/open-event-store.js';

/**
 * The composition root: everything the HTTP server and the CLI share, wired from the
 * configuration, with no HTTP in it.
 */
export interface Backend {
  config: Config;
  logger: Logger;
  store: EventStore;
  jwtSecret: string;
  close(): Promise<void>;
}

export const createBackend = async (
  config: Config,
  options: { logger?: Logger; readonly?: boolean } = {},
): Promise<Backend> => {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const logger = options.logger ?? createLogger(config);
  const jwtSecret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir, 'jwt-secret');
  const store = await openEventStore(config, { readonly: options.readonly ?? false });
  return {
    config,
    logger,
    store,
    jwtSecret,
    close: () => store.close(),
  };
};
