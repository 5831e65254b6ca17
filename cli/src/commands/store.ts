import type { Command } from 'commander';
import { argument, defineCommand, flag, option, type Declared } from '../define-command.js';
import {
  eventFilterOptions,
  jsonlOption,
  jsonOption,
  showPersonalOption,
  tzOption,
} from './read-commands.js';

export const jsonOnlyInput = { options: { json: jsonOption } } satisfies Declared;

const fileArgument = (description: string) => argument(description, (k) => k.text('name a file'));

export const backupInput = {
  arguments: { file: fileArgument('the backup file to write (readable by you only)') },
  options: { force: flag('overwrite the file if it exists'), json: jsonOption },
} satisfies Declared;

export const restoreInput = {
  arguments: { file: fileArgument('a file written by `stickwork store backup`') },
  options: {
    yes: flag('do it without asking (the current store is replaced)'),
    json: jsonOption,
  },
} satisfies Declared;

export const streamsInput = {
  options: {
    prefix: option('prefix', 'only streams whose name starts with this, e.g. practice-', (k) =>
      k.z.string().optional(),
    ),
    recent: flag('the streams written to most recently first'),
    limit: option('n', 'at most n streams', (k) => k.limitOption()),
    tz: tzOption,
    json: jsonOption,
    jsonl: jsonlOption,
  },
} satisfies Declared;

export const eventsInput = {
  arguments: {
    stream: argument(
      'a stream name, e.g. practice-<customerId>; default: the whole log',
      (k) => k.z.string().trim().min(1, { message: 'name a stream (see `stickwork streams`)' }).optional(),
      { optional: true },
    ),
  },
  options: {
    ...eventFilterOptions,
    limit: option('n', 'at most n events, newest first (default 50)', (k) => k.limitOption()),
    from: option('revision', 'with a stream: from this revision on, oldest first', (k) =>
      k.wholeNumberOption(0, Number.MAX_SAFE_INTEGER).optional(),
    ),
    tail: option('n', 'the last n events, oldest first (as tail -n)', (k) => k.tailOption()),
    follow: flag('keep printing new events as they are written, oldest first, until Ctrl-C'),
    tz: tzOption,
    showPersonal: showPersonalOption,
    json: jsonOption,
    jsonl: jsonlOption,
  },
} satisfies Declared;

export const eventInput = {
  arguments: {
    event: argument('its global position (#1234, as history shows it) or its event id', (k) =>
      k.text('name an event by its position (#1234) or id'),
    ),
  },
  options: { tz: tzOption, showPersonal: showPersonalOption, json: jsonOption },
} satisfies Declared;

const streams = () => import('../actions/streams.js');
const backups = () => import('../actions/store-backup.js');

/** The store itself: its size, its health, backups, and a browser of its streams and events. */
export const registerStoreCommands = (program: Command) => {
  const store = program.command('store').description('the event store behind Stickwork');
  defineCommand(store, 'info', {
    description: 'store kind, number of streams and events, last global position',
    ...jsonOnlyInput,
    run: async () => (await import('../actions/store-info.js')).runStoreInfo,
  });
  defineCommand(store, 'check', {
    description: "SQLite's full integrity check of the embedded store (read-only; exit 1 on damage)",
    ...jsonOnlyInput,
    run: async () => (await import('../actions/store-check.js')).runStoreCheck,
  });
  defineCommand(store, 'backup', {
    description:
      "copy the embedded store (events, read models, personal-data keys) into one file, with SQLite's online backup: consistent while the server runs",
    ...backupInput,
    run: async () => (await backups()).runStoreBackup,
  });
  defineCommand(store, 'restore', {
    description:
      'replace the embedded store with a backup (refused while a server uses the store; the replaced one is kept beside it)',
    ...restoreInput,
    run: async () => (await backups()).runStoreRestore,
  });
  defineCommand(program, 'streams', {
    description: 'the streams of the store: events, last event time and position, in the order first written',
    ...streamsInput,
    run: async () => (await streams()).runStreams,
  });
  defineCommand(program, 'events', {
    description: "the log's events (or one stream's), newest first: position, stream, time, type, data",
    ...eventsInput,
    run: async () => (await streams()).runEvents,
  });
  defineCommand(program, 'event', {
    description:
      'one event in full: id, type, time, data and metadata (operator, request id, schema version)',
    ...eventInput,
    run: async () => (await streams()).runEvent,
  });
};
