import type { Command } from 'commander';
import { argument, defineCommand, type Declared } from '../define-command.js';
import { jsonOption, tzOption } from './read-commands.js';

const projectionInput = (description: string) =>
  ({
    arguments: {
      name: argument(description, (k) => k.z.string().optional(), {
        optional: true,
        complete: 'projections',
      }),
    },
    options: { json: jsonOption },
  }) satisfies Declared;

export const projectionsInput = projectionInput('one projection; default: all');

export const projectionStatusInput = {
  arguments: projectionInput('one projection').arguments,
  options: { tz: tzOption, json: jsonOption },
} satisfies Declared;

const actions = () => import('../actions/projections.js');

export const registerProjectionsCommands = (program: Command) => {
  const projections = program
    .command('projections')
    .description('the read models: status, verify, rebuild and retry');
  defineCommand(projections, 'status', {
    description:
      'each projection: checkpoint, events behind it (lag), read models kept, and the events parked for it',
    ...projectionStatusInput,
    run: async () => (await actions()).runStatus,
  });
  defineCommand(projections, 'verify', {
    description:
      'fold the log aside and compare with the stored read models; writes nothing, exit 1 on drift',
    ...projectionsInput,
    run: async () => (await actions()).runVerify,
  });
  defineCommand(projections, 'rebuild', {
    description:
      'rebuild one projection (or all) from the log aside and swap it in at once, then check it equals a fresh fold',
    ...projectionsInput,
    run: async () => (await actions()).runRebuild,
  });
  defineCommand(projections, 'retry', {
    description:
      'fold the events parked for a projection (or all) again, after a fix; exit 1 while one still fails',
    ...projectionsInput,
    run: async () => (await actions()).runRetry,
  });
};
