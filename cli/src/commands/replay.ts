import type { Command } from 'commander';
import { z } from 'zod';
import { FALLBACK_TIME_ZONE, SKILL_DISPLAY_NAMES } from '@stickwork/domain';
import { withBackend } from '../context.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import { instantOption, parseOptions, timeZoneOption } from '../options.js';
import { replayCustomer, type ReplayReport } from '../replay/replay-customer.js';
import { printJson, renderKeyValues, renderTable } from '../ui/render.js';

const untilOption = z.union(
  [
    z
      .string()
      .regex(/^\d+$/)
      .transform((text) => ({ position: Number(text) })),
    instantOption().transform((time) => ({ time })),
  ],
  { error: 'expected a global position (a whole number), a date (YYYY-MM-DD) or an ISO time' },
);

const replayOptions = z.object({
  customer: z.string().min(1, { message: 'name a customer by id or email' }),
  until: untilOption.optional(),
  tz: timeZoneOption().default(FALLBACK_TIME_ZONE),
  json: z.boolean().default(false),
});

const planText = ({ tier, status, period, cancelAt }: ReplayReport['plan']) =>
  [tier, period, status === tier ? null : status].filter(Boolean).join(' ') +
  (cancelAt ? `, cancels ${cancelAt.slice(0, 10)}` : '');

export const printReplay = async (report: ReplayReport) => {
  await renderKeyValues(`Customer ${report.customerId} as of ${report.asOf} (${report.timeZone})`, [
    [
      'events replayed',
      `${report.events}${report.lastPosition === null ? '' : ` (to position ${report.lastPosition})`}`,
    ],
    ['plan', report.erased ? 'erased' : planText(report.plan)],
    ['self-rated', report.selfRated ? 'yes' : 'no'],
    ['streak', `${report.streaks.current} days (longest ${report.streaks.longest})`],
    [
      'heatmap',
      `${report.heatmap.daysPractised} days practised ${report.heatmap.from} to ${report.heatmap.to}: ` +
        `${report.heatmap.lessons} lessons, ${report.heatmap.minutes} min`,
    ],
    [
      'usage today',
      `${report.usageToday.lessons} lessons on ${report.usageToday.day}, ` +
        `${report.usageToday.lessonsLeft === null ? 'unlimited' : `${report.usageToday.lessonsLeft} left`}`,
    ],
  ]);
  await renderTable(report.skills, [
    { header: 'SKILL', value: (row) => SKILL_DISPLAY_NAMES[row.skill] },
    { header: 'LEVEL', value: (row) => row.level },
    { header: 'SELECTED', value: (row) => (row.selected ? 'yes' : '') },
    { header: 'PROGRESS', value: (row) => `${row.progress}%` },
  ]);
};

export const registerReplayCommand = (program: Command) => {
  program
    .command('replay')
    .description(
      "a customer's read models (progress, levels, streaks, heatmap, usage, plan) as they stood at a point",
    )
    .argument('<customer>', 'customer id or email')
    .option(
      '--until <point>',
      'a global position, a date (YYYY-MM-DD, its start in UTC) or an ISO time; default: now',
    )
    .option('--tz <zone>', 'the customer day for streaks and usage in this IANA zone', FALLBACK_TIME_ZONE)
    .option('--json', 'print JSON for scripts')
    .action(async (customer: string, raw: Record<string, unknown>) => {
      const options = parseOptions(replayOptions, { ...raw, customer }, ['customer']);
      const report = await withBackend(
        async ({ store, clock }) =>
          replayCustomer(store, await resolveCustomer(store, options.customer), {
            ...(options.until ? { until: options.until } : {}),
            timeZone: options.tz,
            now: clock(),
          }),
        { readonly: true },
      );
      if (options.json) printJson(report);
      else await printReplay(report);
    });
};
