import type { Command } from 'commander';
import { lazy } from '../lazy.js';

const actions = () => import('../actions/projections.js');

export const registerProjectionsCommands = (program: Command) => {
  const projections = program
    .command('projections')
    .description('the read models: status, verify, rebuild and retry');

  projections
    .command('status')
    .description(
      'each projection: checkpoint, events behind it (lag), read models kept, and the events parked for it',
    )
    .argument('[name]', 'one projection')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await actions()).runStatus));

  projections
    .command('verify')
    .description(
      'fold the log aside and compare with the stored read models; writes nothing, exit 1 on drift',
    )
    .argument('[name]', 'one projection; default: all')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await actions()).runVerify));

  projections
    .command('rebuild')
    .description(
      'rebuild one projection (or all) from the log aside and swap it in at once, then check it equals a fresh fold',
    )
    .argument('[name]', 'one projection; default: all')
    .option('--json', 'print JSON for scripts (no progress bar)')
    .action(lazy(async () => (await actions()).runRebuild));

  projections
    .command('retry')
    .description(
      'fold the events parked for a projection (or all) again, after a fix; exit 1 while one still fails',
    )
    .argument('[name]', 'one projection; default: all')
    .option('--json', 'print JSON for scripts')
    .action(lazy(async () => (await actions()).runRetry));
};
