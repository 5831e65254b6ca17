import { createBackend, loadConfig, type Backend } from '@stickwork/app-api';
import { pino } from 'pino';

/** Errors an operator can act on: printed as one line, exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * Opens the store the environment names (DATA_DIR's embedded file or EventStoreDB), quietly:
 * the CLI's own output is the only thing on the terminal.
 */
export const openBackend = async (options: { readonly?: boolean } = {}): Promise<Backend> => {
  const config = loadConfig();
  try {
    return await createBackend(config, {
      logger: pino({ level: 'silent' }),
      readonly: options.readonly ?? false,
    });
  } catch (error) {
    const where = config.eventStoreConnectionString
      ? 'EventStoreDB'
      : `the embedded store in ${config.dataDir}`;
    throw new CliError(`cannot open ${where}: ${(error as Error).message}`);
  }
};

export const withBackend = async <T>(
  run: (backend: Backend) => Promise<T>,
  options: { readonly?: boolean } = {},
): Promise<T> => {
  const backend = await openBackend(options);
  try {
    return await run(backend);
  } finally {
    await backend.close();
  }
};
