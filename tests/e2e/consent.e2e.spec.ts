import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/clean-console.js';

/** The gdpr-cookie as the app stored it: URI-encoded JSON. */
const consentCookie = async (context: BrowserContext): Promise<unknown> => {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'gdpr-cookie');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as unknown) : null;
};

const dialog = (page: Page) => page.getByRole('dialog', { name: 'This website uses cookies' });

test('consent: decline, accept a selection, accept all after the reload', async ({ page, context }) => {
  await page.goto('/');
  await expect(dialog(page)).toBeVisible();
  expect(await consentCookie(context)).toBeNull();

  await dialog(page).getByRole('button', { name: 'Decline Unrequired' }).click();
  await expect
    .poll(() => consentCookie(context))
    .toEqual({ stickwork: true, stripe: true, vimeo: false, googleAnalytics: false, consentSeen: true });
  await page.waitForLoadState('load');
  await expect(dialog(page)).toBeHidden();
  const cookie = (await context.cookies()).find((entry) => entry.name === 'gdpr-cookie');
  // One year (product-spec §9), give or take the test's own seconds.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(31_536_000 - 120);

  // Reopened from the footer: one switch on, Accept Selection.
  await page.getByRole('button', { name: 'Cookie preferences' }).click();
  await expect(dialog(page)).toBeVisible();
  const functional = dialog(page).getByRole('switch', { name: 'Functional cookies' });
  await expect(functional).toHaveAttribute('aria-checked', 'false');
  await functional.click();
  await expect(functional).toHaveAttribute('aria-checked', 'true');
  await dialog(page).getByRole('button', { name: 'Accept Selection' }).click();
  await expect
    .poll(() => consentCookie(context))
    .toEqual({ stickwork: true, stripe: true, vimeo: true, googleAnalytics: false, consentSeen: true });
  await page.waitForLoadState('load');
  await expect(dialog(page)).toBeHidden();

  // After that reload the dialog remembers the choice; Accept All turns everything on.
  await page.getByRole('button', { name: 'Cookie preferences' }).click();
  await expect(dialog(page).getByRole('switch', { name: 'Functional cookies' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await dialog(page).getByRole('button', { name: 'Accept All' }).click();
  await expect
    .poll(() => consentCookie(context))
    .toEqual({ stickwork: true, stripe: true, vimeo: true, googleAnalytics: true, consentSeen: true });
  await expect(dialog(page)).toBeHidden();
  await page.reload();
  await expect(dialog(page)).toBeHidden();
});

test('consent: closing the dialog stores only the required cookies', async ({ page, context }) => {
  await page.goto('/pricing');
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect
    .poll(() => consentCookie(context))
    .toEqual({ stickwork: true, stripe: true, vimeo: false, googleAnalytics: false, consentSeen: true });
  await expect(dialog(page)).toBeHidden();
});
