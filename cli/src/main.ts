import { CommanderError } from 'commander';
import { ConfigError } from '@stickwork/app-api';
import { CliError } from './context.js';
import { buildProgram } from './program.js';
import { renderError } from './ui/render.js';

const program = buildProgram().exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander already printed help or the usage error.
    process.exitCode = error.exitCode;
  } else {
    const known = error instanceof CliError || error instanceof ConfigError;
    renderError(known ? (error as Error).message : String((error as Error).stack ?? error));
    process.exitCode = 1;
  }
}
