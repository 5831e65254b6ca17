import { z } from 'zod';
import { ALL_PROJECTIONS, type ParkedEvent, type Projection, type RetryResult } from '@stickwork/projections';
import { CliError, withStores, type StoreBackend } from '../context.js';
import { onInterrupt } from '../interrupt.js';
import { parseOptions } from '../options.js';
import { verifyProjection, type ProjectionCheck } from '../projections/verify-projection.js';
import { printJson, renderTable } from '../ui/print.js';
import type { ProgressHandle } from '../ui/render.js';

const NAMES = ALL_PROJECTIONS.map((projection) => projection.name);

const projectionsOptions = z.object({
  name: z
    .string()
    .refine((name) => NAMES.includes(name), { message: `expected one of ${NAMES.join(', ')}` })
    .optional(),
  json: z.boolean().default(false),
});

const selected = (name: string | undefined): readonly Projection[] =>
  name === undefined ? ALL_PROJECTIONS : ALL_PROJECTIONS.filter((projection) => projection.name === name);

export interface ProjectionState {
  name: string;
  checkpoint: number | null;
  lag: number;
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
): Promise<{ results: RebuildResult[]; interrupted: boolean }> => {
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
    if (interrupted) return { results, interrupted };
    const check = await verifyProjection(backend.store, backend.readModels, projection);
    results.push({ ...check, events, seconds, eventsPerSecond: seconds > 0 ? events / seconds : events });
  }
  return { results, interrupted: false };
};

const differenceText = (check: ProjectionCheck) =>
  check.matches
    ? 'equals a fresh fold of the log'
    : `${check.differences.length} differ: ${check.differences.slice(0, 3).join(', ')}${check.differences.length > 3 ? ', ...' : ''}`;

export const runStatus = async (name: string | undefined, raw: Record<string, unknown>) => {
  const options = parseOptions(projectionsOptions, { ...raw, name }, ['name']);
  const rows = await withStores((backend) => projectionStatus(backend, options.name));
  if (options.json) return printJson(rows);
  await renderTable(rows, [
    { header: 'PROJECTION', value: (row) => row.name },
    { header: 'CHECKPOINT', value: (row) => (row.checkpoint === null ? '-' : String(row.checkpoint)) },
    { header: 'LAG', value: (row) => String(row.lag) },
    { header: 'READ MODELS', value: (row) => String(row.readModels) },
    { header: 'PARKED', value: (row) => String(row.parked) },
  ]);
  const parked = rows.flatMap((row) => row.parkedEvents);
  if (parked.length === 0) return;
  process.stdout.write(`\nParked events (not folded; fix, then projections retry NAME):\n`);
  await renderTable(parked, [...parkedColumns, { header: 'PARKED AT', value: (row) => row.parkedAt }]);
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
export const runRetry = async (name: string | undefined, raw: Record<string, unknown>) => {
  const options = parseOptions(projectionsOptions, { ...raw, name }, ['name']);
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

export const runRebuild = async (name: string | undefined, raw: Record<string, unknown>) => {
  const options = parseOptions(projectionsOptions, { ...raw, name }, ['name']);
  const { startProgress } = options.json ? { startProgress: undefined } : await import('../ui/render.js');
  const interruption = onInterrupt();
  const { results, interrupted } = await withStores((backend) =>
    rebuildProjections(
      backend,
      selected(options.name),
      startProgress && ((projection, total) => startProgress(projection.name, total, 'events')),
      interruption.signal,
    ),
  ).finally(() => interruption.dispose());
  if (options.json) printJson({ results, interrupted });
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
  if (interrupted) {
    const done = results.map((result) => result.name);
    process.stderr.write(
      `stickwork: interrupted: ${done.length > 0 ? `rebuilt ${done.join(', ')}; ` : ''}the projection being rebuilt keeps its previous read models\n`,
    );
    return;
  }
  const failed = results.filter((result) => !result.matches);
  if (failed.length > 0)
    throw new CliError(
      `rebuilt read models differ from a fresh fold of the log: ${failed.map((r) => r.name).join(', ')}`,
    );
};

/** Folds each projection aside up to its checkpoint and compares: nothing is written; exit 1 on drift. */
export const runVerify = async (name: string | undefined, raw: Record<string, unknown>) => {
  const options = parseOptions(projectionsOptions, { ...raw, name }, ['name']);
  const checks = await withStores(async (backend) => {
    const lags = new Map((await backend.projections.status()).map((status) => [status.name, status.lag]));
    const all: (ProjectionCheck & { lag: number })[] = [];
    for (const projection of selected(options.name))
      all.push({
        ...(await verifyProjection(backend.store, backend.readModels, projection)),
        lag: lags.get(projection.name) ?? 0,
      });
    return all;
  });
  if (options.json) printJson(checks);
  else
    await renderTable(checks, [
      { header: 'PROJECTION', value: (row) => row.name },
      { header: 'CHECKPOINT', value: (row) => (row.checkpoint === null ? '-' : String(row.checkpoint)) },
      { header: 'LAG', value: (row) => String(row.lag) },
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
