import { expect, test } from '../support/clean-console.js';
import { answerConsent } from '../support/consent.js';

// The guard every e2e spec runs under (tests/support/clean-console.ts) checks itself here.
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

test.fail('a console warning the test did not expect fails it', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => console.warn('an unexpected warning'));
});

test.fail('an uncaught error in the page fails the test', async ({ page, consoleLog }) => {
  await page.goto('/');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('an uncaught error');
    }, 0);
  });
  await expect.poll(() => consoleLog.entries.length).toBeGreaterThan(0);
});

test('a warning the test expects passes', async ({ page, allowConsole }) => {
  allowConsole(/^an expected warning/);
  await page.goto('/');
  await page.evaluate(() => console.warn('an expected warning'));
});
