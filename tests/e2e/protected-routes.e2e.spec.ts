import { expect, test } from '../support/clean-console.js';
import { authCookie, expiredToken, logInContext, registerViaApi } from '../support/accounts.js';
import { answerConsent } from '../support/consent.js';

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

test('without a token, protected routes lead to /', async ({ page }) => {
  for (const path of [
    '/launch-overview',
    '/stats-and-progress',
    '/lesson-history',
    '/teacher-lessons',
    '/account-settings',
    '/update-skills',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Your drumming practice guide' })).toBeVisible();
});

test('an expired token is cleared and leads to /log-out, or to / from the skill screen', async ({
  page,
  context,
  baseURL,
}) => {
  await logInContext(context, baseURL!, expiredToken());
  await page.goto('/stats-and-progress');
  await expect(page).toHaveURL(/\/log-out$/);
  expect(await authCookie(context)).toBeUndefined();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await logInContext(context, baseURL!, expiredToken());
  await page.goto('/update-skills');
  await expect(page).toHaveURL(/\/$/);
  expect(await authCookie(context)).toBeUndefined();
});

test('the burger menu toggles at 375 px', async ({ page, context, request, baseURL }) => {
  const account = await registerViaApi(request, 'Travis');
  await logInContext(context, baseURL!, account.token);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/launch-overview');

  const burger = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  await burger.click();
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  for (const label of [
    'Practice',
    'Stats',
    'Change Skills',
    'Account Settings',
    'Lesson History',
    'About Us',
    'Impressum',
  ]) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();

  await close.click();
  await expect(menu).toBeHidden();

  // A followed link closes the menu too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(menu).toBeHidden();
});
