import type { Command } from 'commander';
import { withBackend } from '../context.js';
import { printJson, renderKeyValues } from '../ui/render.js';

export const registerStoreCommands = (program: Command) => {
  const store = program.command('store').description('the event store behind Stickwork');
  store
    .command('info')
    .description('store kind, number of streams and events, last global position')
    .option('--json', 'print JSON for scripts')
    .action(async (options: { json?: boolean }) => {
      const info = await withBackend(async ({ store }) => ({ kind: store.kind, ...(await store.stats()) }), {
        readonly: true,
      });
      if (options.json) return printJson(info);
      await renderKeyValues('Event store', [
        ['kind', info.kind],
        ['streams', String(info.streams)],
        ['events', String(info.events)],
        ['last position', info.lastPosition === null ? '(empty)' : String(info.lastPosition)],
      ]);
    });
};
