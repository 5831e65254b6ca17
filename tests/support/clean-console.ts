import { test as base, expect } from '@playwright/test';
import { consoleFailure, recordConsole, type ConsoleLog } from './console-guard.js';

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
 * can be named by its address. Each pattern should be as narrow as the journey allows. The
 * recording and the verdict are tests/support/console-guard.ts (unit-tested there).
 */
interface CleanConsoleFixtures {
  /** Patterns of console errors and warnings the tests of a file expect (an option fixture). */
  expectedConsole: RegExp[];
  /** Declares a console error or warning this test expects. */
  allowConsole: (pattern: RegExp) => void;
  /** What the browser logged so far in this test, and the patterns it allows. */
  consoleLog: ConsoleLog;
  /** Runs for every test: fails it at its end on an unexpected console entry. */
  cleanConsole: void;
}

export const test = base.extend<CleanConsoleFixtures>({
  expectedConsole: [[], { option: true }],
  consoleLog: async ({ context, expectedConsole }, use) => {
    const log: ConsoleLog = { entries: [], allowed: [...expectedConsole] };
    recordConsole(context, log);
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
      const failure = consoleFailure(consoleLog, testInfo.status);
      if (failure) throw failure;
    },
    { auto: true },
  ],
});

export { expect };
