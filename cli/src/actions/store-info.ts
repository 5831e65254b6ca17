import { z } from 'zod';
import { withStores } from '../context.js';
import { parseOptions } from '../options.js';
import { printJson, renderKeyValues } from '../ui/print.js';

export const runStoreInfo = async (raw: Record<string, unknown>) => {
  const options = parseOptions(z.object({ json: z.boolean().default(false) }), raw);
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
