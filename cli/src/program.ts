import { Command } from 'commander';
import { registerStoreCommands } from './commands/store-info.js';

/** The `stickwork` operator CLI: each command group registers itself here. */
export const buildProgram = (): Command => {
  const program = new Command('stickwork')
    .description(
      'Operate Stickwork: inspect and replay customer histories.\n' +
        'Reads the store named by DATA_DIR (embedded, default ./data) or EVENTSTORE_CONNECTION_STRING.',
    )
    .showHelpAfterError('(run stickwork --help for usage)');
  registerStoreCommands(program);
  return program;
};
