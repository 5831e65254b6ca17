import fs from 'node:fs';
import { createBackend, loadConfig, sqliteFileIn, type Backend, type Clock } from '@stickwork/app-api';
import { pino } from 'pino';

/** Errors an operator can act on: printed as one line, exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

export interface OpenOptions {
  /** Open the store read-only: nothing in DATA_DIR is created or written (no read models either). */
  readonly?: boolean;
  /** Create the embedded store when DATA_DIR has none (only `seed` does). */
  create?: boolean;
  clock?: Clock;
}

/**
 * Opens the store the environment names (DATA_DIR's embedded file or EventStoreDB), quietly:
 * the CLI's own output is the only thing on the terminal. A missing embedded store is an error
 * rather than a new empty one, and an unreachable store fails here with one clear line.
 */
export const openBackend = async (options: OpenOptions = {}): Promise<Backend> => {
  const config = loadConfig();
  const where = config.eventStoreConnectionString
    ? 'EventStoreDB'
    : `the embedded store in ${config.dataDir}`;
  const file = sqliteFileIn(config.dataDir);
  if (!config.eventStoreConnectionString && !options.readonly && !options.create && !fs.existsSync(file))
    throw new CliError(
      `cannot open ${where}: no Stickwork store at ${file}: start the server once, or set DATA_DIR`,
    );
  let backend: Backend | undefined;
  try {
    backend = await createBackend(config, {
      logger: pino({ level: 'silent' }),
      readonly: options.readonly ?? false,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    // EventStoreDB connects lazily: one read now turns "unreachable" into this error, not a stack trace.
    await backend.store.readAll({ maxCount: 1 });
    return backend;
  } catch (error) {
    await backend?.close().catch(() => undefined);
    throw new CliError(`cannot open ${where}: ${(error as Error).message}`);
  }
};

export const withBackend = async <T>(
  run: (backend: Backend) => Promise<T>,
  options: OpenOptions = {},
): Promise<T> => {
  const backend = await openBackend(options);
  try {
    return await run(backend);
  } finally {
    await backend.close();
  }
};
