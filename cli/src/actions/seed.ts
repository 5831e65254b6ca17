import { z } from 'zod';
import { withBackend } from '../context.js';
import { onInterrupt } from '../interrupt.js';
import { parseOptions, readInstant, wholeNumberOption } from '../options.js';
import { seedStore } from '../seed/seed-store.js';
import { printJson, renderKeyValues } from '../ui/print.js';

const seedOptions = z.object({
  customers: wholeNumberOption(1, 100_000),
  days: wholeNumberOption(1, 3650),
  seed: wholeNumberOption(0, 2 ** 32 - 1).default(1),
  end: z.string().optional(),
  json: z.boolean().default(false),
});

export const runSeed = async (raw: Record<string, unknown>) => {
  const options = parseOptions(seedOptions, raw);
  const end = options.end === undefined ? undefined : readInstant('--end', options.end, 'UTC', 'start');
  const interruption = onInterrupt();
  const summary = await withBackend(
    async (backend) => {
      const started = backend.clock();
      const { startProgress } =
        options.json || !process.stderr.isTTY
          ? { startProgress: undefined }
          : await import('../ui/render.js');
      const bar = startProgress?.('seeding', options.customers * options.days, 'customer-days');
      try {
        return await seedStore(backend, {
          customers: options.customers,
          days: options.days,
          seed: options.seed,
          end: end ?? started,
          notAfter: started,
          signal: interruption.signal,
          ...(bar ? { onProgress: (done: number) => bar.update(done) } : {}),
        });
      } finally {
        await bar?.finish();
      }
    },
    { create: true },
  ).finally(() => interruption.dispose());
  if (options.json) return printJson(summary);
  await renderKeyValues(summary.interrupted ? 'Interrupted: seeded so far' : 'Seeded', [
    ['customers', String(summary.customers.length)],
    ['paid plans', String(summary.customers.filter((customer) => customer.plan !== 'freemium').length)],
    ['sessions', String(summary.sessions)],
    ['lessons', String(summary.lessons)],
    ['level-ups', String(summary.levelUps)],
    ['events', String(summary.events)],
    ['password', `${summary.password} (every seeded customer)`],
  ]);
};
