import fs from 'node:fs';
import path from 'node:path';
import type { Backend } from '@stickwork/app-api';
import {
  checkStoreFile,
  loadConfig,
  openStores,
  reservationStreamsFor,
  sqliteFileIn,
  systemClock,
  type Clock,
  type Config,
} from '@stickwork/app-api/stores';
import { ALL_PROJECTIONS, createProjectionRunner } from '@stickwork/projections';
import { CliError } from './errors.js';

// In errors.ts, which loads nothing, so that `--help` and usage errors never open the stores' code.
export { CliError, UsageError } from './errors.js';

export interface OpenOptions {
  /** Open the store read-only: nothing in DATA_DIR is created or written (no read models either). */
  readonly?: boolean;
  /** Create the embedded store when DATA_DIR has none (only `seed` does). */
  create?: boolean;
  clock?: Clock;
}

/** What the reading commands need: the store, the read models and their runner, nothing of HTTP, mail or payments. */
export type StoreBackend = Pick<
  Backend,
  'config' | 'clock' | 'store' | 'readModels' | 'projections' | 'close' | 'reservations'
>;

const filesIn = (dir: string): Set<string> | null =>
  fs.existsSync(dir) ? new Set(fs.readdirSync(dir)) : null;

/** Removes what a failed opening created in DATA_DIR (a read-model file, the directory itself). */
const removeCreated = (dir: string, before: Set<string> | null) => {
  if (!fs.existsSync(dir)) return;
  if (before === null) return fs.rmSync(dir, { recursive: true, force: true });
  for (const name of fs.readdirSync(dir))
    if (!before.has(name)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
};

/**
 * Opens the store the environment names (DATA_DIR's embedded file or EventStoreDB), quietly: the
 * CLI's own output is the only thing on the terminal. A missing embedded store is an error rather
 * than a new empty one; an unreachable store fails here with one clear line and leaves nothing
 * behind in DATA_DIR.
 */
const open = async <T extends { store: Backend['store']; close(): Promise<void> }>(
  options: OpenOptions,
  opener: (config: Config) => Promise<T>,
): Promise<T> => {
  const config = loadConfig();
  const where = config.eventStoreConnectionString
    ? 'EventStoreDB'
    : `the embedded store in ${config.dataDir}`;
  const file = sqliteFileIn(config.dataDir);
  if (!config.eventStoreConnectionString && !options.create && !fs.existsSync(file))
    throw new CliError(
      `cannot open ${where}: no Stickwork store at ${file}: start the server once, or set DATA_DIR`,
    );
  const before = filesIn(config.dataDir);
  // Beside EventStoreDB the read models live in DATA_DIR: make it, and take it away again on failure.
  if (config.eventStoreConnectionString) fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  let opened: T | undefined;
  try {
    opened = await opener(config);
    // EventStoreDB connects lazily: one read now turns "unreachable" into this error, not a stack trace.
    await opened.store.readAll({ maxCount: 1 });
    if (!config.eventStoreConnectionString) warnIfDamaged(file);
    return opened;
  } catch (error) {
    await opened?.close().catch(() => undefined);
    removeCreated(config.dataDir, before);
    throw new CliError(`cannot open ${where}: ${(error as Error).message}`);
  }
};

/**
 * A damaged page answers nothing, so a read that never touches it looks complete while events are
 * missing: every command that opens the embedded store runs SQLite's quick check first, and on
 * damage says so on stderr and exits 1 after its output.
 */
const warnIfDamaged = (file: string) => {
  const report = checkStoreFile(file, 'quick');
  if (report.ok) return;
  const problems = report.problems.flatMap((problem) => problem.split('\n').filter(Boolean));
  process.stderr.write(
    `stickwork: warning: the store ${file} is damaged (${problems.length === 1 ? problems[0] : `${problems.length} problems`}): what follows may miss events; run stickwork store check\n`,
  );
  process.exitCode = 1;
};

/** The store and read models only: what customers, history, replay, projections and store info load. */
export const openStoreBackend = (options: OpenOptions = {}): Promise<StoreBackend> =>
  open(options, async (config) => {
    const stores = await openStores(config, { readonly: options.readonly ?? false });
    const projections = createProjectionRunner(stores.store, stores.readModels, ALL_PROJECTIONS);
    return {
      config,
      clock: options.clock ?? systemClock,
      store: stores.store,
      readModels: stores.readModels,
      projections,
      // Reading commands create no secret: without one the store still has the unkeyed names.
      reservations: reservationStreamsFor(config, { readonly: true }),
      close: async () => {
        await projections.stop();
        await stores.close();
      },
    };
  });

/** The whole composition root (the API's services, mail, payments): for the commands that operate and seed. */
export const openBackend = (options: OpenOptions = {}): Promise<Backend> =>
  open(options, async (config) => {
    const { createBackend } = await import('@stickwork/app-api');
    const { pino } = await import('pino');
    return createBackend(config, {
      logger: pino({ level: 'silent' }),
      readonly: options.readonly ?? false,
      ...(options.clock ? { clock: options.clock } : {}),
    });
  });

const using = async <B extends { close(): Promise<void> }, T>(
  backend: B,
  run: (backend: B) => Promise<T>,
) => {
  try {
    return await run(backend);
  } finally {
    await backend.close();
  }
};

export const withStores = async <T>(
  run: (backend: StoreBackend) => Promise<T>,
  options: OpenOptions = {},
): Promise<T> => using(await openStoreBackend(options), run);

export const withBackend = async <T>(
  run: (backend: Backend) => Promise<T>,
  options: OpenOptions = {},
): Promise<T> => using(await openBackend(options), run);
