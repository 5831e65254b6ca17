import { expect, test } from '../support/clean-console.js';
import { authCookie, logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { subscribeViaApi } from '../support/payments.js';

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

test('account settings: the tabs, then deleting the account with the exact phrase', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Sheila');
  await logInContext(context, baseURL!, account.token);
  await page.goto('/account-settings');

  const tabs = page.getByRole('tablist', { name: 'Account settings' });
  await expect(tabs.getByRole('tab', { name: 'Account', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText('Sheila Starr');
  await expect(panel).toContainText(account.email);
  await expect(panel.getByRole('link', { name: 'Change password' })).toHaveAttribute(
    'href',
    '/request-password-change',
  );
  await expect(page.getByRole('link', { name: /^hello@stickwork/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await tabs.getByRole('tab', { name: 'Subscription' }).click();
  // The tab is kept in the hash, so the reload after cancelling returns to it.
  await expect(page).toHaveURL(/\/account-settings#subscription$/);
  await expect(page.getByRole('tabpanel')).toContainText('Free plan');
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'See our plans' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Delete your account' }).click();
  const phrase = page.getByLabel("Type 'delete me' to confirm");
  await phrase.fill('delete');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText('To delete enter: delete me')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await phrase.fill('delete me');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await authCookie(context)).toBeUndefined();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  const login = await request.post('/api/authenticate', {
    data: { email: account.email, password: account.password },
  });
  expect(login.ok()).toBe(false);
});

test('a trial is cancelled after ticking the box; the page then says until when it can be used', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Cindy');
  await subscribeViaApi(request, account.token, 'price_premium_monthly');
  await logInContext(context, baseURL!, account.token);
  await page.goto('/account-settings#subscription');

  const panel = page.getByRole('tabpanel');
  // The plan in full from the customer's read model, not the status alone.
  const facts = panel.locator('.account-facts');
  await expect(facts.getByRole('term')).toHaveText([
    'Plan',
    'Billing',
    'Status',
    'Trial ends',
    'Next charge',
    'Renewal',
  ]);
  await expect(facts.getByRole('definition')).toHaveText([
    'Premium',
    'Monthly',
    'Free trial',
    /\d{4}/,
    /^15\.99 € on .+\d{4}$/,
    'Renews automatically',
  ]);
  await expect(panel.getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
  const cancel = panel.getByRole('button', { name: 'Cancel subscription' });
  await expect(cancel).toBeDisabled();
  await panel.getByLabel('I want to cancel my subscription').check();
  await cancel.click();

  await expect(panel.getByText('Your subscription has been canceled.')).toBeVisible();
  await expect(panel.getByText(/^You can use it until .+\.$/)).toBeVisible();
  await expect(facts.getByRole('term')).toHaveText(['Plan', 'Billing', 'Status', 'Trial ends', 'Renewal']);
  await expect(facts.getByRole('definition').last()).toHaveText(/^Cancelled: ends on .+\d{4}$/);
  await expect(cancel).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
