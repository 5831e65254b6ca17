/** Errors an operator can act on: printed as one line, exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/** A wrong command line (unknown flag value, ambiguous date): exit code 2, as commander's own usage errors. */
export class UsageError extends CliError {}
