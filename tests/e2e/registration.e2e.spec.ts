import type { Page } from '@playwright/test';
import { expect, test } from '../support/clean-console.js';
import { authCookie, E2E_PASSWORD, registerViaApi, uniqueEmail } from '../support/accounts.js';
import { answerConsent } from '../support/consent.js';

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

const fieldErrors = (page: Page, label: string) =>
  page
    .locator('.field')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.field__errors li');

const step = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Registration steps' }).getByRole('listitem').filter({ hasText: name });

test('registration: questionnaire, validation per field, a taken email, then success', async ({
  allowConsole,
  page,
  request,
}) => {
  // The taken email is answered 409 on purpose.
  allowConsole(/status of 409 .* @ http:\/\/[^/]+\/api\/register$/);
  const taken = await registerViaApi(request, 'Charlie');

  await page.goto('/register');
  await expect(page).toHaveTitle('Stickwork | Registration');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/register$/);
  await expect(step(page, 'Questionnaire')).toHaveAttribute('aria-current', 'step');

  // Intro, then question 1; Back on question 1 returns to the intro.
  await expect(page.getByRole('heading', { name: "Let's get started" })).toBeVisible();
  await expect(page.getByText('Estimated time: 1-2 minutes')).toBeVisible();
  await page.getByRole('button', { name: 'Start the questionnaire' }).click();
  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: "Let's get started" })).toBeVisible();
  await page.getByRole('button', { name: 'Start the questionnaire' }).click();

  // Next waits for an answer; yes moves on, Back keeps the earlier answer.
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByText('Question 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await next.click();
  for (const question of [2, 3, 4]) {
    await expect(page.getByText(`Question ${question} of 4`)).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Yes' }).check();
    if (question < 4) await next.click();
  }

  // Yes on question 4: advanced settings, one slider per skill but the beginner course.
  const advanced = page.getByRole('switch', { name: 'Advanced settings: set each skill yourself' });
  await advanced.click();
  await expect(page.getByRole('slider')).toHaveCount(7);
  await expect(page.getByRole('slider', { name: 'Beginner Course' })).toHaveCount(0);
  const handSpeed = page.getByRole('slider', { name: 'Hand Speed' });
  await expect(handSpeed).toHaveValue('6');
  await expect(page.getByText('You play 16th-note singles at 200 to 230 bpm.')).toBeVisible();
  await handSpeed.fill('5');
  await expect(page.getByText('Level 5: Advanced')).toBeVisible();
  await expect(page.getByText('You play 16th-note singles at 180 to 200 bpm.')).toBeVisible();
  await next.click();

  // Personal Data.
  await expect(step(page, 'Personal Data')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('heading', { name: 'Become the best drummer you can be' })).toBeVisible();
  await expect(page.getByText("You won't be charged.")).toBeVisible();
  const country = page.getByLabel('Country');
  await expect(country).toHaveValue('');
  await expect(country.locator('option').first()).toHaveText('Select a country');
  await expect(country.locator('option')).toHaveCount(250);
  const terms = page.getByRole('link', { name: /terms and conditions/ });
  await expect(terms).toHaveAttribute('href', '/terms-and-conditions');
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('target', '_blank');

  const register = page.getByRole('button', { name: 'Register' });
  await expect(register).toBeDisabled();
  await page.getByLabel('I accept the terms and conditions').check();
  await expect(register).toBeDisabled();
  await page.getByLabel(/I have read the privacy policy/).check();
  await expect(register).toBeEnabled();

  // Every field's messages from the shared schema.
  await page.getByLabel('First name').fill('R');
  await page.getByLabel('Email').fill('ringo@example');
  await page.getByLabel('Password', { exact: true }).fill('short 1');
  await register.click();
  await expect(fieldErrors(page, 'First name')).toHaveText(['length must be at least 2 characters long']);
  await expect(fieldErrors(page, 'Last name')).toHaveText(['is required']);
  await expect(fieldErrors(page, 'Country')).toHaveText(['is required']);
  await expect(fieldErrors(page, 'Email')).toHaveText(['must be a valid email']);
  await expect(fieldErrors(page, 'Password')).toHaveText([
    'length must be at least 8 characters long',
    'should contain at least 1 special character',
    'should contain at least 1 uppercase letter',
    'should contain at least 2 numeric character',
    'should not contain white spaces',
  ]);

  // A taken email: 409 on the email field.
  await page.getByLabel('First name').fill('Ringo');
  await page.getByLabel('Last name').fill('Starr');
  await country.selectOption('GB');
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await register.click();
  await expect(fieldErrors(page, 'Email')).toHaveText(['email already in use']);
  await expect(fieldErrors(page, 'Password')).toHaveCount(0);
  await expect(register).toBeEnabled();

  // Success: token stored, self-rating saved, practice home.
  await page.getByLabel('Email').fill(uniqueEmail('ringo'));
  await register.click();
  await expect(page).toHaveURL(/\/launch-overview$/);
  // Right after sign-up the app asks to confirm the email, with a way to send the link again.
  const reminder = page.getByRole('complementary', { name: 'Confirm your email address' });
  await expect(reminder).toContainText('Please confirm your email address.');
  await expect(reminder.getByRole('button', { name: 'Resend the email' })).toBeVisible();
  const cookie = await authCookie(page.context());
  expect(cookie?.path).toBe('/');
  const focus = await request.get('/api/focus', { headers: { 'x-auth-token': cookie!.value } });
  expect(focus.status()).toBe(200);
  const { skillSelfRating } = (await focus.json()) as {
    skillSelfRating: { skillName: string; selected: boolean; level: string }[];
  };
  expect(skillSelfRating).toContainEqual({ skillName: 'hand_speed', selected: true, level: 'advanced' });
  expect(skillSelfRating).toContainEqual({ skillName: 'drum_fills', selected: true, level: 'absolute_pro' });
  expect(skillSelfRating).toContainEqual({
    skillName: 'beginner_course',
    selected: false,
    level: 'level not set',
  });
});

test('registration: a no ends the questionnaire; back returns to the first question', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Start the questionnaire' }).click();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Become the best drummer you can be' })).toBeVisible();
  await page.getByLabel('First name').fill('Ringo');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('First name')).toHaveValue('Ringo');
});
