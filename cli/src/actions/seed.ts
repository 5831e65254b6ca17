import type { seedInput } from '../commands/tools.js';
import { withBackend } from '../context.js';
import type { InputOf } from '../define-command.js';
import { onInterrupt } from '../interrupt.js';
import { readInstant } from '../options.js';
import { seedStore } from '../seed/seed-store.js';
import { printJson, renderKeyValues } from '../ui/print.js';

export const runSeed = async (options: InputOf<typeof seedInput>) => {
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
