import type { Page } from '@playwright/test';
import { expect, test } from '../support/clean-console.js';
import { authCookie, E2E_PASSWORD, logInContext, registerViaApi, uniqueEmail } from '../support/accounts.js';
import { answerConsent } from '../support/consent.js';
import { serverDataDir } from '../support/server-data-dir.js';
import { linkIn, waitForMail } from '../support/outbox.js';

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

const fieldErrors = (page: Page, label: string) =>
  page
    .locator('.field')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.field__errors li');

const tokenPayload = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

test('logout, then login: a wrong password shows the body text, the right one logs in', async ({
  allowConsole,
  page,
  context,
  request,
  baseURL,
}) => {
  // The wrong password is answered 401 on purpose.
  allowConsole(/status of 401 .* @ http:\/\/[^/]+\/api\/authenticate$/);
  const account = await registerViaApi(request);
  await logInContext(context, baseURL!, account.token);
  await page.goto('/launch-overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Hi Ringo!' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await authCookie(context)).toBeUndefined();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'No account?' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/request-password-change',
  );
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(fieldErrors(page, 'Email')).toHaveText(['must be a valid email']);
  await expect(fieldErrors(page, 'Password')).toHaveText(['is required']);

  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-11');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(fieldErrors(page, 'Email')).toHaveText(['Email or password is wrong.']);

  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/launch-overview$/);
  const cookie = await authCookie(context);
  expect(cookie?.path).toBe('/');
  expect(tokenPayload(cookie!.value).firstname).toBe('Ringo');
});

test('verification: a new mail on request, then the link in the outbox verifies and logs in', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, 'Sheila');
  await page.goto('/verify-mail/');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your emails!' })).toBeVisible();
  await expect(page.getByText(/check your spam or junk folder/)).toBeVisible();

  const send = page.getByRole('button', { name: 'Send verification email' });
  await expect(send).toBeDisabled();
  const stranger = uniqueEmail('stranger');
  await page.getByLabel('Email', { exact: true }).fill(stranger);
  await send.click();
  // An unknown address is answered as a known one (no account enumeration); its mail says so.
  await expect(
    page.getByText(`Validation email send successfully to ${stranger}, please check your emails!`),
  ).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await send.click();
  await expect(
    page.getByText(`Validation email send successfully to ${account.email}, please check your emails!`),
  ).toBeVisible();

  const mail = await waitForMail(serverDataDir(), account.email, /confirm your email/);
  await page.goto(linkIn(mail, 'http'));
  await expect(page).toHaveURL(/\/launch-overview$/);
  const cookie = await authCookie(page.context());
  expect(tokenPayload(cookie!.value).verification_state).toBe('verified');

  // A verified token skips the verification page.
  await page.goto('/verify-mail/');
  await expect(page).toHaveURL(/\/launch-overview$/);
});

test('recovery: the mailed link greets by first name, changes the password and logs in', async ({
  allowConsole,
  page,
  request,
}) => {
  // A weak new password (400) is refused on purpose.
  allowConsole(/status of 400 .* @ http:\/\/[^/]+\/api\/pw-recovery\/change-password$/);
  const account = await registerViaApi(request, 'Karen');
  await page.goto('/request-password-change/');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  const requestButton = page.getByRole('button', { name: 'Request email for password change' });
  await expect(requestButton).toBeDisabled();

  // An unknown address is answered as a known one (no account enumeration); its mail says so.
  const nobody = uniqueEmail('nobody');
  await page.getByLabel('Email', { exact: true }).fill(nobody);
  await requestButton.click();
  await expect(
    page.getByText(
      `Password recovery email sent successfully to ${nobody}, please check your emails and follow our instructions. In case that you don't find the email, please check your Spam folder first :)`,
    ),
  ).toBeVisible();
  await waitForMail(serverDataDir(), nobody, /Your Stickwork request/);

  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await requestButton.click();
  await expect(
    page.getByText(
      `Password recovery email sent successfully to ${account.email}, please check your emails and follow our instructions. In case that you don't find the email, please check your Spam folder first :)`,
    ),
  ).toBeVisible();

  const mail = await waitForMail(serverDataDir(), account.email, /password change/);
  await page.goto(linkIn(mail, 'http'));
  await expect(page.getByRole('heading', { level: 1, name: 'Hi Karen' })).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(fieldErrors(page, 'New password')).toHaveText(['length must be at least 8 characters long']);

  const newPassword = 'Rimshot-2025';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password was updated, you will be logged in right away!')).toBeVisible();
  // Logged in at /, which sends a logged-in visitor on to practice.
  await expect(page).toHaveURL(/\/launch-overview$/);
  expect(await authCookie(page.context())).toBeDefined();

  const oldLogin = await request.post('/api/authenticate', {
    data: { email: account.email, password: E2E_PASSWORD },
  });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await request.post('/api/authenticate', {
    data: { email: account.email, password: newPassword },
  });
  expect(newLogin.status()).toBe(200);

  // The link works once.
  await page.goto(linkIn(mail, 'http'));
  await page.getByLabel('New password', { exact: true }).fill('Another-pass-33');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Something went wrong.')).toBeVisible();
});
