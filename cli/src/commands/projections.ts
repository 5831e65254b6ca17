import type { Command } from 'commander';
import { z } from 'zod';
import type { Backend } from '@stickwork/app-api';
import { ALL_PROJECTIONS, type Projection } from '@stickwork/projections';
import { CliError, withBackend } from '../context.js';
import { parseOptions } from '../options.js';
import { verifyProjection, type ProjectionCheck } from '../projections/verify-projection.js';
import { printJson, renderTable, startProgress, type ProgressHandle } from '../ui/render.js';

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

export const projectionStatus = async (backend: Pick<Backend, 'projections' | 'readModels'>, name?: string) =>
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
 * Forgets each projection's read models and folds the whole log into them again (the server's
 * runner picks the reset checkpoint up on its next page), then checks the rebuilt models against
 * a fresh fold of the log.
 */
export const rebuildProjections = async (
  backend: Pick<Backend, 'projections' | 'readModels' | 'store'>,
  projections: readonly Projection[],
  progress?: (projection: Projection, total: number) => ProgressHandle,
): Promise<RebuildResult[]> => {
  const results: RebuildResult[] = [];
  for (const projection of projections) {
    const total = (await backend.store.stats()).events;
    const bar = progress?.(projection, total);
    const started = performance.now();
    const { events } = await backend.projections.rebuild(projection.name, (step) => bar?.update(step.events));
    const seconds = (performance.now() - started) / 1000;
    bar?.update(events);
    await bar?.finish();
    const check = await verifyProjection(backend.store, backend.readModels, projection);
    results.push({ ...check, events, seconds, eventsPerSecond: seconds > 0 ? events / seconds : events });
  }
  return results;
};

export const registerProjectionsCommands = (program: Command) => {
  const projections = program
    .command('projections')
    .description(`the read models (${NAMES.join(', ')}): status and rebuild`);

  projections
    .command('status')
    .description('each projection: checkpoint, events behind it (lag), read models kept')
    .argument('[name]', 'one projection')
    .option('--json', 'print JSON for scripts')
    .action(async (name: string | undefined, raw: Record<string, unknown>) => {
      const options = parseOptions(projectionsOptions, { ...raw, name }, ['name']);
      const rows = await withBackend((backend) => projectionStatus(backend, options.name));
      if (options.json) return printJson(rows);
      await renderTable(rows, [
        { header: 'PROJECTION', value: (row) => row.name },
        { header: 'CHECKPOINT', value: (row) => (row.checkpoint === null ? '-' : String(row.checkpoint)) },
        { header: 'LAG', value: (row) => String(row.lag) },
        { header: 'READ MODELS', value: (row) => String(row.readModels) },
      ]);
    });

  projections
    .command('rebuild')
    .description('rebuild one projection (or all) from the log, then check it equals a fresh fold')
    .argument('[name]', 'one projection; default: all')
    .option('--json', 'print JSON for scripts (no progress bar)')
    .action(async (name: string | undefined, raw: Record<string, unknown>) => {
      const options = parseOptions(projectionsOptions, { ...raw, name }, ['name']);
      const results = await withBackend((backend) =>
        rebuildProjections(
          backend,
          selected(options.name),
          options.json ? undefined : (projection, total) => startProgress(projection.name, total, 'events'),
        ),
      );
      if (options.json) printJson(results);
      else
        await renderTable(results, [
          { header: 'PROJECTION', value: (row) => row.name },
          { header: 'EVENTS', value: (row) => String(row.events) },
          { header: 'SECONDS', value: (row) => row.seconds.toFixed(2) },
          { header: 'EVENTS/S', value: (row) => String(Math.round(row.eventsPerSecond)) },
          { header: 'READ MODELS', value: (row) => String(row.readModels) },
          {
            header: 'CHECK',
            value: (row) =>
              row.matches
                ? 'equals a fresh fold of the log'
                : `${row.differences.length} differ: ${row.differences.slice(0, 3).join(', ')}`,
          },
        ]);
      const failed = results.filter((result) => !result.matches);
      if (failed.length > 0)
        throw new CliError(
          `rebuilt read models differ from a fresh fold of the log: ${failed.map((r) => r.name).join(', ')}`,
        );
    });
};
