import { createRequire } from 'node:module';
import { Command } from 'commander';
import { registerCompletionCommand } from './commands/completion.js';
import { registerCustomerCommands } from './commands/customer.js';
import { registerTeacherCommands } from './commands/teacher.js';
import { registerProjectionsCommands } from './commands/projections.js';
import { registerCustomerReadCommands } from './commands/read-commands.js';
import { registerStoreCommands } from './commands/store.js';
import { registerToolCommands } from './commands/tools.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/**
 * The `stickwork` operator CLI. Registering commands loads only commander: each command imports
 * what it needs when it runs (lazy.ts), so `--help` and the reading commands start quickly.
 */
export const buildProgram = (): Command => {
  const program = new Command('stickwork')
    .description(
      'Operate Stickwork: inspect and replay customer histories, browse the event store.\n' +
        'Reads the store named by DATA_DIR (embedded, default ./data) or EVENTSTORE_CONNECTION_STRING.',
    )
    .version(version, '-V, --version', 'print the version')
    .option('--no-pager', 'never page output (also: STICKWORK_PAGER=cat)')
    .configureOutput({ outputError: (text, write) => write(`stickwork: ${text}`) })
    .showHelpAfterError('(run stickwork --help for usage)')
    // Before the commands are added, so they inherit it: main.ts maps usage errors to exit 2.
    .exitOverride();
  registerCustomerReadCommands(program);
  registerCustomerCommands(program);
  registerTeacherCommands(program);
  registerProjectionsCommands(program);
  registerStoreCommands(program);
  registerToolCommands(program);
  registerCompletionCommand(program);
  return program;
};
