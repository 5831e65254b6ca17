import { CommanderError } from 'commander';
import { ConfigError, HttpError } from '@stickwork/app-api';
import { DomainError } from '@stickwork/domain';
import { CliError } from './context.js';
import { buildProgram } from './program.js';
import { renderError } from './ui/render.js';

const program = buildProgram().exitOverride();

/** Refusals an operator can act on read as one line; anything else is a bug and keeps its stack. */
const isKnown = (error: unknown): error is Error =>
  error instanceof CliError ||
  error instanceof ConfigError ||
  error instanceof DomainError ||
  error instanceof HttpError;

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander already printed help or the usage error.
    process.exitCode = error.exitCode;
  } else {
    renderError(isKnown(error) ? error.message : String((error as Error).stack ?? error));
    process.exitCode = 1;
  }
}
