import {
  ALL_PROJECTIONS,
  type ParkedEvent,
  type Projection,
  type ProjectionLag,
  type RetryResult,
} from '@stickwork/projections';
import type { projectionsInput, projectionStatusInput } from '../commands/projections.js';
import { CliError, UsageError, withStores, type StoreBackend } from '../context.js';
import type { InputOf } from '../define-command.js';
import { formatInZone } from '../history/event-summary.js';
import { onInterrupt } from '../interrupt.js';
import { verifyProjection, type ProjectionCheck } from '../projections/verify-projection.js';
import { printJson, renderTable } from '../ui/print.js';
import type { ProgressHandle } from '../ui/render.js';

const NAMES = ALL_PROJECTIONS.map((projection) => projection.name);

type ProjectionsOptions = InputOf<typeof projectionsInput>;

const selected = (name: string | undefined): readonly Projection[] => {
  if (name !== undefined && !NAMES.includes(name))
    throw new UsageError(`invalid [name]: expected one of ${NAMES.join(', ')}`);
  return name === undefined
    ? ALL_PROJECTIONS
    : ALL_PROJECTIONS.filter((projection) => projection.name === name);
};

export interface ProjectionState extends ProjectionLag {
  name: string;
  checkpoint: number | null;
  /** Position of the last event in the log. */
  lastPosition: number | null;
  readModels: number;
  /** How many events are parked for it, and which (`projections retry` folds them again). */
  parked: number;
  parkedEvents: ParkedEvent[];
}

export const projectionStatus = async (
  backend: Pick<StoreBackend, 'projections' | 'readModels'>,
  name?: string,
) =>
  (await backend.projections.status())
    .filter((status) => name === undefined || status.name === name)
    .map((status): ProjectionState => ({
      ...status,
      readModels: backend.readModels.list(status.name).length,
      parkedEvents: backend.projections.parked(status.name),
    }));

/**
 * The LAG column: events after the checkpoint, at most ("≤ 3": a deleted stream leaves gaps in
 * SQLite's positions), or "behind" on EventStoreDB, whose positions are byte offsets: the count
 * would take reading the events.
 */
export const lagText = ({ behind, lag }: ProjectionLag): string =>
  !behind ? '0' : lag === null ? 'behind' : `≤ ${lag}`;

const positionText = (position: number | null) => (position === null ? '-' : String(position));

const parkedColumns = [
  { header: 'PROJECTION', value: (row: ParkedEvent) => row.projection },
  { header: 'POSITION', value: (row: ParkedEvent) => String(row.position) },
  { header: 'STREAM', value: (row: ParkedEvent) => `${row.streamId}@${row.revision}` },
  { header: 'TYPE', value: (row: ParkedEvent) => row.type },
  { header: 'ERROR', value: (row: ParkedEvent) => row.error },
];

export interface RebuildResult extends ProjectionCheck {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

export interface RebuildOutcome {
  /** Rebuilt, swapped in and checked against a fresh fold. */
  results: RebuildResult[];
  /** Rebuilt and swapped in, its check stopped by Ctrl-C (`projections verify NAME` runs it). */
  unchecked: string[];
  interrupted: boolean;
}

/**
 * Folds the whole log into a shadow of each projection and swaps it in one transaction (the
 * server keeps serving the old models meanwhile), then checks the rebuilt models against a fresh
 * fold of the log. Stopped by `signal`, it drops the shadow being built and rebuilds no more.
 */
export const rebuildProjections = async (
  backend: Pick<StoreBackend, 'projections' | 'readModels' | 'store'>,
  projections: readonly Projection[],
  progress?: (projection: Projection, total: number) => ProgressHandle,
  signal?: AbortSignal,
): Promise<RebuildOutcome> => {
  const results: RebuildResult[] = [];
  for (const projection of projections) {
    const total = (await backend.store.stats()).events;
    const bar = progress?.(projection, total);
    const started = performance.now();
    const { events, interrupted } = await backend.projections.rebuild(
      projection.name,
      (step) => bar?.update(step.events),
      signal,
    );
    const seconds = (performance.now() - started) / 1000;
    if (!interrupted) bar?.update(events);
    await bar?.finish();
    if (interrupted) return { results, unchecked: [], interrupted };
    // The new read models are in place: a stop from here on says so, and leaves the check undone.
    if (signal?.aborted) return { results, unchecked: [projection.name], interrupted: true };
    const check = await verifyProjection(backend.store, backend.readModels, projection);
    results.push({ ...check, events, seconds, eventsPerSecond: seconds > 0 ? events / seconds : events });
    if (signal?.aborted) return { results, unchecked: [], interrupted: true };
  }
  return { results, unchecked: [], interrupted: false };
};

/** What an interrupted rebuild did: which projections have new read models, checked or not, and which kept theirs. */
export const interruptedRebuildText = (outcome: RebuildOutcome, asked: readonly Projection[]): string => {
  const swapped = [...outcome.results.map((result) => result.name), ...outcome.unchecked];
  const kept = asked.map((projection) => projection.name).filter((name) => !swapped.includes(name));
  return [
    'interrupted',
    swapped.length > 0 ? `rebuilt and swapped in: ${swapped.join(', ')}` : 'nothing was swapped in',
    ...(outcome.unchecked.length > 0
      ? [`not checked: ${outcome.unchecked.join(', ')} (run projections verify ${outcome.unchecked[0]})`]
      : []),
    ...(kept.length > 0 ? [`kept their previous read models: ${kept.join(', ')}`] : []),
  ].join('; ');
};

const differenceText = (check: ProjectionCheck) =>
  check.matches
    ? 'equals a fresh fold of the log'
    : `${check.differences.length} differ: ${check.differences.slice(0, 3).join(', ')}${check.differences.length > 3 ? ', ...' : ''}`;

export const runStatus = async (options: InputOf<typeof projectionStatusInput>) => {
  selected(options.name);
  const rows = await withStores((backend) => projectionStatus(backend, options.name));
  if (options.json) return printJson(rows);
  await renderTable(rows, [
    { header: 'PROJECTION', value: (row) => row.name },
    { header: 'CHECKPOINT', value: (row) => positionText(row.checkpoint) },
    { header: 'LOG END', value: (row) => positionText(row.lastPosition) },
    { header: 'LAG', value: lagText },
    { header: 'READ MODELS', value: (row) => String(row.readModels) },
    { header: 'PARKED', value: (row) => String(row.parked) },
  ]);
  const parked = rows.flatMap((row) => row.parkedEvents);
  if (parked.length === 0) return;
  process.stdout.write(`\nParked events (not folded; fix, then projections retry NAME):\n`);
  await renderTable(parked, [
    ...parkedColumns,
    { header: 'PARKED AT', value: (row) => formatInZone(row.parkedAt, options.tz) },
  ]);
};

export interface RetryOutcome extends RetryResult {
  name: string;
}

/** Folds the parked events of each projection again (see `ProjectionRunner.retry`). */
export const retryProjections = async (
  backend: Pick<StoreBackend, 'projections'>,
  projections: readonly Projection[],
): Promise<RetryOutcome[]> => {
  const outcomes: RetryOutcome[] = [];
  for (const projection of projections)
    if (backend.projections.parked(projection.name).length > 0)
      outcomes.push({ name: projection.name, ...(await backend.projections.retry(projection.name)) });
  return outcomes;
};

/** `projections retry [NAME]`: exit 1 while an event still fails. */
export const runRetry = async (options: ProjectionsOptions) => {
  const outcomes = await withStores((backend) => retryProjections(backend, selected(options.name)));
  if (options.json) printJson(outcomes);
  else {
    const rows = outcomes.flatMap((outcome) => [
      ...outcome.folded.map((event) => ({ event, result: 'folded' })),
      ...outcome.gone.map((event) => ({ event, result: 'gone from the log (erased): dropped' })),
      ...outcome.failed.map((event) => ({ event, result: `still fails: ${event.error}` })),
    ]);
    if (rows.length === 0) process.stdout.write('No parked events.\n');
    else
      await renderTable(
        rows.sort((a, b) => a.event.position - b.event.position),
        [
          ...parkedColumns
            .slice(0, 4)
            .map((column) => ({ ...column, value: (row: (typeof rows)[0]) => column.value(row.event) })),
          { header: 'RESULT', value: (row) => row.result },
        ],
      );
  }
  const failing = outcomes.flatMap((outcome) => outcome.failed);
  if (failing.length > 0)
    throw new CliError(
      `${failing.length} parked event(s) still fail: ${[...new Set(failing.map((event) => event.projection))].join(', ')}; fix the projection or the event, then retry`,
    );
};

export const runRebuild = async (options: ProjectionsOptions) => {
  const asked = selected(options.name);
  const { startProgress } = options.json ? { startProgress: undefined } : await import('../ui/render.js');
  const interruption = onInterrupt();
  const outcome = await withStores((backend) =>
    rebuildProjections(
      backend,
      asked,
      startProgress && ((projection, total) => startProgress(projection.name, total, 'events')),
      interruption.signal,
    ),
  ).finally(() => interruption.dispose());
  const { results, interrupted } = outcome;
  if (options.json) printJson(outcome);
  else
    await renderTable(results, [
      { header: 'PROJECTION', value: (row) => row.name },
      { header: 'EVENTS', value: (row) => String(row.events) },
      { header: 'SECONDS', value: (row) => row.seconds.toFixed(2) },
      { header: 'EVENTS/S', value: (row) => String(Math.round(row.eventsPerSecond)) },
      { header: 'READ MODELS', value: (row) => String(row.readModels) },
      { header: 'PARKED', value: (row) => String(row.parked) },
      { header: 'CHECK', value: differenceText },
    ]);
  if (interrupted) return void process.stderr.write(`stickwork: ${interruptedRebuildText(outcome, asked)}\n`);
  const failed = results.filter((result) => !result.matches);
  if (failed.length > 0)
    throw new CliError(
      `rebuilt read models differ from a fresh fold of the log: ${failed.map((r) => r.name).join(', ')}`,
    );
};

/** Folds each projection aside up to its checkpoint and compares: nothing is written; exit 1 on drift. */
export const runVerify = async (options: ProjectionsOptions) => {
  const asked = selected(options.name);
  const checks = await withStores(async (backend) => {
    const lags = new Map(
      (await backend.projections.status()).map(({ name, behind, lag }) => [name, { behind, lag }]),
    );
    const all: (ProjectionCheck & ProjectionLag)[] = [];
    for (const projection of asked)
      all.push({
        ...(await verifyProjection(backend.store, backend.readModels, projection)),
        ...(lags.get(projection.name) ?? { behind: false, lag: 0 }),
      });
    return all;
  });
  if (options.json) printJson(checks);
  else
    await renderTable(checks, [
      { header: 'PROJECTION', value: (row) => row.name },
      { header: 'CHECKPOINT', value: (row) => positionText(row.checkpoint) },
      { header: 'LAG', value: lagText },
      { header: 'READ MODELS', value: (row) => String(row.readModels) },
      { header: 'PARKED', value: (row) => String(row.parked) },
      { header: 'CHECK', value: differenceText },
    ]);
  const drifted = checks.filter((check) => !check.matches);
  if (drifted.length > 0)
    throw new CliError(
      `read models drifted from the log: ${drifted.map((check) => `${check.name} (${check.differences.length})`).join(', ')}; run projections rebuild`,
    );
};
