import type { Command } from 'commander';
import { z } from 'zod';
import { withBackend } from '../context.js';
import { instantOption, parseOptions, wholeNumberOption } from '../options.js';
import { seedStore } from '../seed/seed-store.js';
import { printJson, renderKeyValues, startProgress } from '../ui/render.js';

const seedOptions = z.object({
  customers: wholeNumberOption(1, 100_000),
  days: wholeNumberOption(1, 3650),
  seed: wholeNumberOption(0, 2 ** 32 - 1).default(1),
  end: instantOption().optional(),
  json: z.boolean().default(false),
});

export const registerSeedCommand = (program: Command) => {
  program
    .command('seed')
    .description(
      'write synthetic customers and practice histories through the real commands (demos, benchmarks)',
    )
    .requiredOption('--customers <n>', 'how many customers')
    .requiredOption('--days <d>', 'how many days of history, ending today (or --end)')
    .option('--seed <n>', 'the same seed writes the same customers and histories', '1')
    .option('--end <date>', 'the last day of the histories (default: today)')
    .option('--json', 'print JSON for scripts (no progress bar)')
    .action(async (raw: Record<string, unknown>) => {
      const options = parseOptions(seedOptions, raw);
      const summary = await withBackend(
        async (backend) => {
          const bar = options.json
            ? undefined
            : startProgress('seeding', options.customers * options.days, 'customer-days');
          try {
            return await seedStore(backend, {
              customers: options.customers,
              days: options.days,
              seed: options.seed,
              end: options.end ?? backend.clock(),
              ...(bar ? { onProgress: (done: number) => bar.update(done) } : {}),
            });
          } finally {
            await bar?.finish();
          }
        },
        { create: true },
      );
      if (options.json) return printJson(summary);
      await renderKeyValues('Seeded', [
        ['customers', String(summary.customers.length)],
        ['paid plans', String(summary.customers.filter((customer) => customer.plan !== 'freemium').length)],
        ['sessions', String(summary.sessions)],
        ['lessons', String(summary.lessons)],
        ['level-ups', String(summary.levelUps)],
        ['events', String(summary.events)],
        ['password', `${summary.password} (every seeded customer)`],
      ]);
    });
};
