import { CliError } from './errors.js';
import { printable } from './ui/print.js';

export interface ConfirmationOptions {
  yes: boolean;
  /** Whether a person can answer: stdin and stdout are a terminal. */
  interactive?: boolean;
  ask?: (question: string) => Promise<boolean>;
}

/**
 * Operating commands change a customer for real: they go ahead with `--yes`, or after a "y" on
 * the terminal. Without a terminal and without `--yes` they refuse rather than guess.
 */
export const requireConfirmation = async (question: string, options: ConfirmationOptions): Promise<void> => {
  if (options.yes) return;
  const interactive = options.interactive ?? Boolean(process.stdin.isTTY && process.stdout.isTTY);
  if (!interactive)
    throw new CliError('not confirmed: no terminal to ask on; pass --yes to confirm this change');
  const ask = options.ask ?? (await import('./ui/render.js')).confirm;
  // The question names the customer: control characters stored in a name are shown escaped.
  if (!(await ask(printable(question)))) throw new CliError('cancelled: nothing was changed');
};
