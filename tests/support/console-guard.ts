/**
 * The console guard of the e2e specs (tests/support/clean-console.ts), without Playwright's test
 * runner so it can be unit-tested: what it records from a browser context, and its verdict at a
 * test's end.
 */
export interface ConsoleEntry {
  kind: 'error' | 'warning' | 'pageerror';
  text: string;
}

export interface ConsoleLog {
  entries: ConsoleEntry[];
  allowed: RegExp[];
}

/** The parts of a Playwright `ConsoleMessage` and `WebError` the guard reads. */
interface ConsoleMessageLike {
  type(): string;
  text(): string;
  location(): { url: string };
}
interface WebErrorLike {
  error(): Error;
}
/** The part of a `BrowserContext` the guard listens to. */
export interface ConsoleSource {
  on(event: 'console', listener: (message: ConsoleMessageLike) => void): unknown;
  on(event: 'weberror', listener: (webError: WebErrorLike) => void): unknown;
}

/**
 * Records every console error and warning of the context's pages, with the URL that logged it
 * (` @ https://…`), and every uncaught page error; other console messages are not the guard's.
 */
export const recordConsole = (context: ConsoleSource, log: ConsoleLog): void => {
  context.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    const { url } = message.location();
    log.entries.push({ kind: type, text: url ? `${message.text()} @ ${url}` : message.text() });
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    log.entries.push({ kind: 'pageerror', text: error.stack ?? `${error.name}: ${error.message}` });
  });
};

/** The entries no pattern accounts for, formatted one a line (empty when the console is clean). */
export const unexpectedConsole = (entries: ConsoleEntry[], allowed: RegExp[]): string[] =>
  entries
    .filter((entry) => !allowed.some((pattern) => pattern.test(entry.text)))
    .map((entry) => `[${entry.kind}] ${entry.text}`);

/**
 * The guard's verdict at a test's end: an error naming what the console logged that the test did
 * not allow, or null. A test that failed already (`status` other than passed) reports its own
 * error; this one would only hide it.
 */
export const consoleFailure = (log: ConsoleLog, status: string | undefined): Error | null => {
  const unexpected = unexpectedConsole(log.entries, log.allowed);
  if (unexpected.length === 0 || status !== 'passed') return null;
  return new Error(
    'The browser console logged what this test did not expect ' +
      `(allow it with allowConsole(/pattern/) if it is right):\n${unexpected.join('\n')}`,
  );
};
