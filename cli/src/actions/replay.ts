import {
  accuracyLabel,
  SKILL_DISPLAY_NAMES,
  timingOffsetLabel,
  WEAK_SPOT_TRENDS,
  weakSpotSentence,
  type WeakSpot,
} from '@stickwork/domain';
import type { replayInput } from '../commands/read-commands.js';
import { UsageError, withStores } from '../context.js';
import { resolveCustomer } from '../customers/resolve-customer.js';
import { DATE_HINT, looksLikeCompactDay, parseInstant } from '../dates.js';
import type { InputOf } from '../define-command.js';
import { count } from '../history/event-summary.js';
import { hasPositionMark, readPosition } from '../positions.js';
import { replayCustomer, type ReplayPoint, type ReplayReport } from '../replay/replay-customer.js';
import { keyValueLines, printJson, emitLines, tableLines } from '../ui/print.js';

/**
 * `--until`: a global position as history shows it (`#1234`, or the bare number), a day (to its
 * end, inclusive) or a time in `--tz`. Eight digits that also read as a day are ambiguous.
 */
export const readReplayPoint = (text: string, timeZone: string): ReplayPoint => {
  const position = readPosition(text);
  if (position !== null) {
    if (!hasPositionMark(text) && looksLikeCompactDay(text))
      throw new UsageError(
        `ambiguous --until ${text}: for the day write ${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}, for the position #${text}`,
      );
    return { position };
  }
  const time = parseInstant(text, timeZone, 'end');
  if (!time) throw new UsageError(`invalid --until: expected a position (#1234) or a date: ${DATE_HINT}`);
  return { time };
};

const planText = ({ tier, status, period, cancelAt }: NonNullable<ReplayReport['plan']>) =>
  [tier, period, status === tier ? null : status].filter(Boolean).join(' ') +
  (cancelAt ? `, cancels ${cancelAt.slice(0, 10)}` : '');

/** A weak spot as a drummer would say it, with the figures behind it and its trend. */
export const weakSpotText = (spot: WeakSpot): string =>
  `${weakSpotSentence(spot)}, ±${spot.spreadMs} ms over ${count(spot.strokes, 'stroke')} in ${count(spot.takes, 'take')} (${WEAK_SPOT_TRENDS[spot.trend]})`;

export const replayLines = (report: ReplayReport): string[] => [
  ...keyValueLines(`Customer ${report.customerId} as of ${report.asOfLocal} ${report.timeZone}`, [
    [
      'events replayed',
      `${report.events}${report.lastPosition === null ? '' : ` (to position #${report.lastPosition})`}`,
    ],
    [
      'plan',
      report.erased
        ? 'erased'
        : report.plan === null
          ? 'no customer yet (not registered by then)'
          : planText(report.plan),
    ],
    ['self-rated', report.selfRated ? 'yes' : 'no'],
    ['streak', `${count(report.streaks.current, 'day')} (longest ${report.streaks.longest})`],
    [
      'heatmap',
      `${count(report.heatmap.daysPractised, 'day')} practised ${report.heatmap.from} to ${report.heatmap.to}: ` +
        `${count(report.heatmap.lessons, 'lesson')}, ${report.heatmap.minutes} min`,
    ],
    [
      'usage today',
      `${count(report.usageToday.lessons, 'lesson')} on ${report.usageToday.day}, ` +
        `${report.usageToday.lessonsLeft === null ? 'unlimited' : `${report.usageToday.lessonsLeft} left`}`,
    ],
  ]),
  ...tableLines(report.skills, [
    { header: 'SKILL', value: (row) => SKILL_DISPLAY_NAMES[row.skill] },
    { header: 'LEVEL', value: (row) => row.level },
    { header: 'SELECTED', value: (row) => (row.selected ? 'yes' : '') },
    { header: 'PROGRESS', value: (row) => `${row.progress}%` },
  ]),
  ...(report.lessonHistory.length === 0
    ? ['', 'Lesson history: none']
    : [
        '',
        'Lesson history (newest first):',
        ...tableLines(report.lessonHistory, [
          { header: 'DAY', value: (row) => row.day },
          { header: 'LESSON', value: (row) => row.name },
          { header: 'SKILL', value: (row) => SKILL_DISPLAY_NAMES[row.focus] },
          {
            header: 'RATING',
            value: (row) => (row.rating === null ? 'not rated' : row.skipped ? 'mastered' : row.rating),
          },
          {
            header: 'BEST',
            value: (row) => (row.best ? `${accuracyLabel(row.best.accuracy)} at ${row.best.bpm} bpm` : ''),
          },
          {
            header: 'TIMING',
            value: (row) =>
              row.best
                ? `${timingOffsetLabel(row.best.meanOffsetMs)} ±${Math.round(row.best.spreadMs)} ms`
                : '',
          },
          { header: 'TAKES', value: (row) => String(row.takes) },
        ]),
      ]),
  ...(report.tempoPlans.length === 0
    ? []
    : [
        '',
        "Tempo plans (lessons whose takes or too-hard rating moved the catalogue's tempo):",
        ...tableLines(report.tempoPlans, [
          { header: 'LESSON', value: (row) => row.name },
          { header: 'START', value: (row) => `${row.startBpm} bpm` },
          { header: 'TARGET', value: (row) => `${row.targetBpm} bpm` },
          { header: 'WHY', value: (row) => row.reason ?? "the catalogue's tempo" },
        ]),
      ]),
  ...(report.weakSpots.length === 0
    ? ['', 'Weak spots: none']
    : [
        '',
        'Weak spots (worst first, the 4 weeks up to then):',
        ...report.weakSpots.map((spot) => `  ${weakSpotText(spot)}`),
      ]),
];

export const runReplay = async (options: InputOf<typeof replayInput>) => {
  const until = options.until === undefined ? undefined : readReplayPoint(options.until, options.tz);
  const report = await withStores(
    async ({ store, clock, reservations }) =>
      replayCustomer(store, await resolveCustomer({ store, reservations }, options.customer), {
        ...(until ? { until } : {}),
        timeZone: options.tz,
        now: clock(),
      }),
    { readonly: true },
  );
  if (options.json) printJson(report);
  else await emitLines(replayLines(report));
};
