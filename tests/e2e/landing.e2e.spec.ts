import { expect, test } from '../support/clean-console.js';

test('the landing page opens with its tagline and sign-up button', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Your drumming practice guide' })).toBeVisible();
  await expect(page.getByText('simple | tailored | fast')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up For Free' })).toHaveAttribute('href', '/register');
});

test('the API answers health checks on the same port', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', store: { kind: 'sqlite', ok: true } });
});
