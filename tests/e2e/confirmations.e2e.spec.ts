import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test } from '../support/clean-console.js';
import { answerConsent } from '../support/consent.js';
import { serverDataDir } from '../support/server-data-dir.js';
import { linkIn, readOutbox, waitForMail } from '../support/outbox.js';

// What the app confirms after sign-up, a second verification click and a deletion.
test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

const mailsTo = async (email: string) =>
  (await readOutbox(serverDataDir())).filter((mail) => JSON.stringify(mail.to).includes(email));

test('after sign-up every page asks to verify the email, with resend; the link followed twice says so kindly', async ({
  page,
  context,
  request,
  baseURL,
  browser,
  allowConsole,
}) => {
  const account = await registerViaApi(request, 'Maureen');
  await logInContext(context, baseURL!, account.token);
  await page.goto('/launch-overview');

  const reminder = page.getByRole('complementary', { name: 'Confirm your email address' });
  await expect(reminder).toContainText('Please confirm your email address.');
  await expect(reminder).toContainText(account.email);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/stats-and-progress');
  await expect(reminder).toBeVisible();

  const sentBefore = (await mailsTo(account.email)).length;
  await reminder.getByRole('button', { name: 'Resend the email' }).click();
  await expect(reminder.getByRole('status')).toHaveText(
    `Validation email send successfully to ${account.email}, please check your emails!`,
  );
  await expect.poll(async () => (await mailsTo(account.email)).length).toBe(sentBefore + 1);

  // The link verifies the account: the reminder is gone.
  const link = linkIn(await waitForMail(serverDataDir(), account.email, /confirm your email/), 'http');
  await page.goto(link);
  await expect(page).toHaveURL(/\/launch-overview$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(reminder).toHaveCount(0);

  // The same link once more, in a browser that is not logged in: no red error, a way on.
  allowConsole(/status of 409 .* @ http:\/\/[^/]+\/api\/verify\/email\?secret=/);
  const stranger = await browser.newContext({ baseURL });
  await answerConsent(stranger, baseURL!);
  const again = await stranger.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();
  await expect(again.getByRole('heading', { name: 'Your email address is already verified' })).toBeVisible();
  await expect(again.getByRole('status')).toContainText('nothing more to do');
  await expect(again.getByRole('alert')).toHaveCount(0);
  await expect(again.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/login',
  );
  await expectNoSeriousA11yViolations(again);
  await stranger.close();
});

test('deleting the account lands on the start page, which confirms the account and data are gone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Pattie');
  await logInContext(context, baseURL!, account.token);
  await page.goto('/account-settings#delete');
  await page.getByLabel("Type 'delete me' to confirm").fill('delete me');
  await page.getByRole('button', { name: 'Delete account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account and all its data have been deleted.' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // A reload shows the plain start page again.
  await page.reload();
  await expect(page.getByText('Your account and all its data have been deleted.')).toHaveCount(0);
});
