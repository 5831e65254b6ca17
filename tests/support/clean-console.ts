import { test as base, expect } from '@playwright/test';

/**
 * Every e2e spec imports `test` and `expect` from here instead of '@playwright/test': the browser
 * console must stay clean on every journey. Any console error or warning, and any uncaught page
 * error, fails the test at its end, unless the test said it expects it:
 *
 *   test('…', async ({ page, allowConsole }) => {
 *     allowConsole(/status of 429/); // the limit answer this journey provokes on purpose
 *   });
 *
 * or for a whole file: `test.use({ expectedConsole: [/…/] })`. A pattern is matched against the
 * message text followed by the URL that logged it (` @ https://…`), so an expected failed request
 * can be named by its address. Each pattern should be as narrow as the journey allows.
 */
export interface ConsoleEntry {
  kind: 'error' | 'warning' | 'pageerror';
  text: string;
}

interface CleanConsoleFixtures {
  /** Patterns of console errors and warnings the tests of a file expect (an option fixture). */
  expectedConsole: RegExp[];
  /** Declares a console error or warning this test expects. */
  allowConsole: (pattern: RegExp) => void;
  /** What the browser logged so far in this test, and the patterns it allows. */
  consoleLog: { entries: ConsoleEntry[]; allowed: RegExp[] };
  /** Runs for every test: fails it at its end on an unexpected console entry. */
  cleanConsole: void;
}

/** The entries no pattern accounts for, formatted one a line (empty when the console is clean). */
export const unexpectedConsole = (entries: ConsoleEntry[], allowed: RegExp[]): string[] =>
  entries
    .filter((entry) => !allowed.some((pattern) => pattern.test(entry.text)))
    .map((entry) => `[${entry.kind}] ${entry.text}`);

export const test = base.extend<CleanConsoleFixtures>({
  expectedConsole: [[], { option: true }],
  consoleLog: async ({ context, expectedConsole }, use) => {
    const log = { entries: [] as ConsoleEntry[], allowed: [...expectedConsole] };
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
    await use(log);
  },
  allowConsole: async ({ consoleLog }, use) => {
    await use((pattern) => {
      consoleLog.allowed.push(pattern);
    });
  },
  cleanConsole: [
    async ({ consoleLog }, use, testInfo) => {
      await use();
      const unexpected = unexpectedConsole(consoleLog.entries, consoleLog.allowed);
      // A test that already failed reports its own error; this one would only hide it.
      if (unexpected.length > 0 && testInfo.status === 'passed') {
        throw new Error(
          'The browser console logged what this test did not expect ' +
            `(allow it with allowConsole(/pattern/) if it is right):\n${unexpected.join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});

export { expect };
