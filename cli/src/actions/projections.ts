import { z } from 'zod';
import { ALL_PROJECTIONS, type Projection } from '@stickwork/projections';
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
    }));

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
  ]);
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
      { header: 'CHECK', value: differenceText },
    ]);
  const drifted = checks.filter((check) => !check.matches);
  if (drifted.length > 0)
    throw new CliError(
      `read models drifted from the log: ${drifted.map((check) => `${check.name} (${check.differences.length})`).join(', ')}; run projections rebuild`,
    );
};
