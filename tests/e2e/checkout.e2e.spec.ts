import type { Page } from '@playwright/test';
import { expect, test } from '../support/clean-console.js';
import { authCookie, logInContext, registerViaApi } from '../support/accounts.js';
import { answerConsent } from '../support/consent.js';

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

const tokenPayload = (token: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(token).split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

const fillCard = async (page: Page, number: string) => {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ringo Starr');
};

test('pricing → premium monthly → declined test card → 4242 → success, and the token says trialing', async ({
  allowConsole,
  page,
  context,
  request,
  baseURL,
}) => {
  // The declined test card is answered 402 on purpose.
  allowConsole(/status of 402 .* @ http:\/\/[^/]+\/api\/payment\/test-payments\/pay$/);
  const account = await registerViaApi(request);
  await logInContext(context, baseURL!, account.token);

  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Premium monthly' }).click();
  await expect(page).toHaveURL(/\/checkout\/price_premium_monthly$/);
  await expect(page.getByText('Test payment — no real money is charged')).toBeVisible();

  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Subscribe/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\/price_premium_monthly$/);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Subscribe/ }).click();

  await expect(page).toHaveURL(/\/subscription-success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stickwork Premium' })).toBeVisible();
  await expect(page.getByText('Hi Ringo!')).toBeVisible();
  await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start practising' })).toHaveAttribute(
    'href',
    '/launch-overview',
  );

  const cookie = await authCookie(context);
  expect(cookie).toBeDefined();
  expect(tokenPayload(cookie!.value)).toMatchObject({
    subscription_status: 'trialing',
    activeTier: 'premium',
  });
});
