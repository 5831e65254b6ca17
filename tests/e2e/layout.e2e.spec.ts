import { registerViaApi, logInContext, type E2eAccount } from '../support/accounts.js';
import { expect, test } from '../support/clean-console.js';
import { answerConsent } from '../support/consent.js';
import { expectNoHorizontalOverflow, NARROW_WIDTHS } from '../support/layout.js';

// Issue 18 item 1: no page is wider than a phone, and no control leaves its card.
const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/pricing',
  '/about-us',
  '/impressum',
  '/privacy-policy',
  '/terms-and-conditions',
  '/verify-mail/',
  '/request-password-change/',
  '/change-password',
  '/no-such-page',
];

const PROTECTED_ROUTES = [
  '/launch-overview',
  '/stats-and-progress',
  '/update-skills',
  '/account-settings',
  '/checkout/price_premium_monthly',
  '/subscription-success',
  '/test-payments/portal',
];

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
  await context.route('https://player.vimeo.com/**', (route) => route.abort());
});

for (const path of PUBLIC_ROUTES) {
  test(`${path} fits 320, 375 and 768 px`, async ({ page, allowConsole }) => {
    if (path === '/no-such-page') allowConsole(/status of 404 .* @ http:\/\/[^/]+\/no-such-page$/);
    for (const width of NARROW_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page, path);
    }
  });
}

test.describe('logged in', () => {
  let account: E2eAccount;
  test.beforeAll(async ({ request }) => {
    account = await registerViaApi(request, 'Layout');
  });

  for (const path of PROTECTED_ROUTES) {
    test(`${path} fits 320, 375 and 768 px`, async ({ page, context, baseURL }) => {
      await logInContext(context, baseURL!, account.token);
      for (const width of NARROW_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalOverflow(page, path);
      }
    });
  }
});

test('the recovery form keeps its width when the field has focus, and its button text whole', async ({
  page,
}) => {
  for (const width of NARROW_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/request-password-change/');
    await page.getByRole('textbox', { name: 'Email' }).fill('ringo.starr@example.com');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await expectNoHorizontalOverflow(page, 'the focused recovery form');
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  }
});

test('each registration step fits a phone', async ({ page }) => {
  for (const width of NARROW_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/register');
    await expectNoHorizontalOverflow(page, 'the questionnaire intro');
    await page.getByRole('button', { name: 'Start the questionnaire' }).click();
    await page.getByRole('radio', { name: 'No' }).check();
    await expectNoHorizontalOverflow(page, 'question 1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Become the best drummer you can be' })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'the personal data step');
  }
});
