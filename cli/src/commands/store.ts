import type { Command } from 'commander';
import { lazy } from '../lazy.js';

const streams = () => import('../actions/streams.js');

/** The store itself: its size, and a browser of its streams and events. */
export const registerStoreCommands = (program: Command) => {
  const store = program.command('store').description('the event store behind Stickwork');
  store
    .command('info')
    .description('store kind, number of streams and events, last global position')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await import('../actions/store-info.js')).runStoreInfo));
  store
    .command('check')
    .description("SQLite's full integrity check of the embedded store (read-only; exit 1 on damage)")
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await import('../actions/store-check.js')).runStoreCheck));

  program
    .command('streams')
    .description('the streams of the store: events, last event time and position, in the order first written')
    .option('--prefix <prefix>', 'only streams whose name starts with this, e.g. practice-')
    .option('--limit <n>', 'at most n streams')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await streams()).runStreams));

  program
    .command('events')
    .description("one stream's events: revision, position, time, type, data")
    .argument('<stream>', 'a stream name, e.g. practice-<customerId>')
    .option('--from <revision>', 'start at this revision (default 0)')
    .option('--limit <n>', 'at most n events')
    .option('--show-personal', 'show personal data (names, emails, country) instead of a placeholder')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await streams()).runEvents));

  program
    .command('event')
    .description(
      'one event in full: id, type, time, data and metadata (operator, request id, schema version)',
    )
    .argument('<event>', 'its global position (#1234, as history shows it) or its event id')
    .option('--show-personal', 'show personal data (names, emails, country) instead of a placeholder')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await streams()).runEvent));
};
