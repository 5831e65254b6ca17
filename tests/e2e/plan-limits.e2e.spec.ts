import type { APIRequestContext } from '@playwright/test';
import { logInContext, registerViaApi, type E2eAccount } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { answerConsent } from '../support/consent.js';
import { subscribeViaApi } from '../support/payments.js';

// The customize card shows what the plan allows before the click.
test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

const chooseSkills = async (request: APIRequestContext, account: E2eAccount) => {
  const response = await request.post('/api/focus', {
    headers: { 'x-auth-token': account.token },
    data: {
      skillSelfRating: [
        { skillName: 'hand_technique', selected: true, level: 'beginner' },
        { skillName: 'timing', selected: true, level: 'starter' },
        { skillName: 'grooves', selected: true, level: 'beginner' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
};

test('freemium: a third skill and Drum Pad are locked with the reason and an upgrade link', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Olivia');
  await chooseSkills(request, account);
  await logInContext(context, baseURL!, account.token);
  await page.goto('/launch-overview');

  const card = page.locator('.practice-card').filter({ hasText: 'Customize your practice' });
  await card.getByRole('button', { name: 'Hand Technique' }).click();
  await card.getByRole('button', { name: 'Timing' }).click();
  const grooves = card.getByRole('button', { name: /Grooves/ });
  await expect(grooves).toHaveAttribute('aria-disabled', 'true');
  await expect(grooves).toHaveAccessibleDescription(/Your plan combines up to 2 skills in a session\./);
  await expect(card.getByRole('link', { name: 'Upgrade for every skill at once' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  // A tap on a locked chip changes nothing (force: Playwright itself refuses aria-disabled controls).
  await grooves.click({ force: true });
  await expect(grooves).toHaveAttribute('aria-pressed', 'false');

  const pad = card.getByRole('button', { name: 'Drum Pad' });
  await expect(pad).toHaveAttribute('aria-disabled', 'true');
  await expect(pad).toHaveAccessibleDescription(/Drum Pad mode comes with Premium and Exclusive/);
  await expect(card.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  // Nothing is asked of the server for a locked choice, so no 400 answers it.
  let requests = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/lesson/schedule')) requests++;
  });
  await pad.click({ force: true });
  await expect(page.getByRole('button', { name: /^(warmed up|evaluate lesson)$/ })).toHaveCount(0);
  expect(requests).toBe(0);
  await expectNoSeriousA11yViolations(page);
});

test('on the trial: Grooves disables Drum Pad with the reason, before the click', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Zak');
  await chooseSkills(request, account);
  const token = await subscribeViaApi(request, account.token, 'price_premium_monthly');
  await logInContext(context, baseURL!, token);
  await page.goto('/launch-overview');

  const card = page.locator('.practice-card').filter({ hasText: 'Customize your practice' });
  for (const skill of ['Hand Technique', 'Timing']) await card.getByRole('button', { name: skill }).click();
  const pad = card.getByRole('button', { name: 'Drum Pad' });
  await expect(pad).not.toHaveAttribute('aria-disabled', 'true');
  const grooves = card.getByRole('button', { name: 'Grooves' });
  await expect(grooves).not.toHaveAttribute('aria-disabled', 'true');
  await grooves.click();
  await expect(pad).toHaveAttribute('aria-disabled', 'true');
  await expect(pad).toHaveAccessibleDescription('There are no Drum Pad lessons for Grooves yet.');
  await grooves.click();
  await expect(pad).not.toHaveAttribute('aria-disabled', 'true');
});
