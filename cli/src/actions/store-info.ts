import type { jsonOnlyInput } from '../commands/store.js';
import { withStores } from '../context.js';
import type { InputOf } from '../define-command.js';
import { printJson, renderKeyValues } from '../ui/print.js';

export const runStoreInfo = async (options: InputOf<typeof jsonOnlyInput>) => {
  const info = await withStores(async ({ store }) => ({ kind: store.kind, ...(await store.stats()) }), {
    readonly: true,
  });
  if (options.json) return printJson(info);
  await renderKeyValues('Event store', [
    ['kind', info.kind],
    ['streams', String(info.streams)],
    ['events', String(info.events)],
    ['last position', info.lastPosition === null ? '(empty)' : String(info.lastPosition)],
  ]);
};
