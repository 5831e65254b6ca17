import { CommanderError } from 'commander';
import { CliError, UsageError } from './errors.js';
import { buildProgram } from './program.js';
import { disablePager, renderError } from './ui/print.js';

/** Usage errors (commander's and ours) exit 2, as most Unix tools; refusals and failures exit 1. */
const USAGE_EXIT_CODE = 2;

// A closed pipe (`stickwork history x --json | head -2`) ends the command quietly: nothing to say to a reader that left.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });

/** Refusals an operator can act on read as one line; anything else is a bug and keeps its stack. */
const isKnown = (error: unknown): error is Error =>
  error instanceof CliError ||
  (error instanceof Error && ['ConfigError', 'DomainError', 'HttpError'].includes(error.name));

/** SQLite's answer when a page of the store is damaged: the operator's next step is `store check`. */
const isStoreDamage = (error: unknown): error is Error =>
  error instanceof Error &&
  error.name === 'SqliteError' &&
  ['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_IOERR'].some((code) =>
    String((error as { code?: unknown }).code ?? '').startsWith(code),
  );

const argv = process.argv.filter((arg) => arg !== '--no-pager');
if (argv.length !== process.argv.length || process.env.STICKWORK_PAGER === 'cat') disablePager();

try {
  await buildProgram().parseAsync(argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander already printed help, the version or the usage error.
    process.exitCode = error.exitCode === 0 ? 0 : USAGE_EXIT_CODE;
  } else if (isStoreDamage(error)) {
    renderError(`the store cannot be read: ${error.message}: run stickwork store check`);
    process.exitCode = 1;
  } else {
    renderError(isKnown(error) ? error.message : String((error as Error).stack ?? error));
    process.exitCode = error instanceof UsageError ? USAGE_EXIT_CODE : 1;
  }
}
