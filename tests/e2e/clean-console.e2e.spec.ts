import { expect, test } from '../support/clean-console.js';
import { answerConsent } from '../support/consent.js';

// The guard every e2e spec runs under (tests/support/clean-console.ts) in a real browser: a clean
// page load, and an expected warning let through. What it fails on is unit-tested in
// tests/support/console-guard.unit.spec.ts (a failing test here could not tell why it failed).
test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

test('a page load leaves the console clean (no router warning)', async ({ page, consoleLog }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(consoleLog.entries).toEqual([]);
});

test('a warning the test expects passes', async ({ page, allowConsole, consoleLog }) => {
  allowConsole(/^an expected warning/);
  await page.goto('/');
  await page.evaluate(() => console.warn('an expected warning'));
  await expect
    .poll(() => consoleLog.entries)
    .toEqual([{ kind: 'warning', text: expect.stringMatching(/^an expected warning/) }]);
});

test('an uncaught error in the page is recorded for the guard', async ({
  page,
  allowConsole,
  consoleLog,
}) => {
  allowConsole(/an uncaught error/);
  await page.goto('/');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('an uncaught error');
    }, 0);
  });
  await expect
    .poll(() => consoleLog.entries)
    .toEqual([{ kind: 'pageerror', text: expect.stringContaining('Error: an uncaught error') }]);
});
