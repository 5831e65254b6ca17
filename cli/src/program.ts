import { Command } from 'commander';
import { registerCatalogueCommands } from './commands/catalogue.js';
import { registerCustomerCommands } from './commands/customer.js';
import { registerCustomersCommand } from './commands/customers.js';
import { registerHistoryCommand } from './commands/history.js';
import { registerMailCommands } from './commands/mail.js';
import { registerProjectionsCommands } from './commands/projections.js';
import { registerReplayCommand } from './commands/replay.js';
import { registerSeedCommand } from './commands/seed.js';
import { registerStoreCommands } from './commands/store-info.js';

/** The `stickwork` operator CLI: each command group registers itself here. */
export const buildProgram = (): Command => {
  const program = new Command('stickwork')
    .description(
      'Operate Stickwork: inspect and replay customer histories.\n' +
        'Reads the store named by DATA_DIR (embedded, default ./data) or EVENTSTORE_CONNECTION_STRING.',
    )
    .showHelpAfterError('(run stickwork --help for usage)');
  registerCustomersCommand(program);
  registerHistoryCommand(program);
  registerReplayCommand(program);
  registerCustomerCommands(program);
  registerProjectionsCommands(program);
  registerCatalogueCommands(program);
  registerMailCommands(program);
  registerSeedCommand(program);
  registerStoreCommands(program);
  return program;
};
