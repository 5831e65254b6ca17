import { expect, test } from '../support/clean-console.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';

const PAGES = [
  ['landing', '/'],
  ['pricing', '/pricing'],
  ['about us', '/about-us'],
  ['impressum', '/impressum'],
  ['privacy policy', '/privacy-policy'],
  ['terms and conditions', '/terms-and-conditions'],
  ['login', '/login'],
  ['verify mail', '/verify-mail/'],
  ['request password change', '/request-password-change/'],
  ['change password', '/change-password'],
  ['404', '/no-such-page'],
] as const;

test('the consent dialog has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'This website uses cookies' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe('pages of the public site', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await answerConsent(context, baseURL!);
  });

  for (const [name, path] of PAGES) {
    test(`${name} has no serious accessibility violations`, async ({ page, allowConsole }) => {
      // The browser logs the 404 status of the unknown page itself.
      if (path === '/no-such-page') allowConsole(/status of 404 .* @ http:\/\/[^/]+\/no-such-page$/);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('a button is judged in its colours at rest, not half-way through its hover transition', async ({
    page,
    allowConsole,
  }) => {
    allowConsole(/status of 404 .* @ http:\/\/[^/]+\/no-such-page$/);
    await page.goto('/no-such-page');
    // Held half-way for two seconds (a transition that jumps to its midpoint), so a scan that does not wait
    // for it would judge the outlined button's mixed colours: the flake once seen on a phone-sized page.
    await page.addStyleTag({
      content:
        '.btn { transition-duration: 2s !important; transition-timing-function: steps(2, jump-start) !important; }',
    });
    await page.getByRole('link', { name: 'See our plans' }).hover();
    await expectNoSeriousA11yViolations(page);
  });

  test('both registration steps, with their error messages, have no serious violations', async ({ page }) => {
    await page.goto('/register');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Start the questionnaire' }).click();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    for (const question of [2, 3, 4]) {
      await expect(page.getByText(`Question ${question} of 4`)).toBeVisible();
      await page.getByRole('radio', { name: 'Yes' }).check();
      if (question < 4) await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('switch', { name: /Advanced settings/ }).click();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByLabel(/I have read the privacy policy/).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('is required').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
