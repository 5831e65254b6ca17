import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { logInContext, registerViaApi } from './accounts.js';

/**
 * A new drummer (timing at starter level) starts a 30-minute Drum Kit session: the lesson card shows its
 * first lesson, a warm-up, with the practice room loaded.
 */
export const openLessonCard = async (
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  firstname = 'Buddy',
) => {
  const account = await registerViaApi(request, firstname);
  const response = await request.post('/api/focus', {
    headers: { 'x-auth-token': account.token },
    data: { skillSelfRating: [{ skillName: 'timing', selected: true, level: 'starter' }] },
  });
  expect(response.status(), await response.text()).toBe(200);
  await logInContext(context, baseURL, account.token);
  await page.goto('/launch-overview');
  await page.getByRole('button', { name: 'Timing' }).click();
  await page.getByLabel('Minutes').fill('30');
  await page.getByRole('button', { name: 'Drum Kit' }).first().click();
  await expect(page.getByRole('button', { name: 'warmed up' })).toBeVisible();
  await expect(page.getByLabel('Metronome (BPM)')).toBeVisible();
};

/** Types a tempo into the practice room's field, as a drummer would. */
export const setTempo = async (page: Page, bpm: number) => {
  const field = page.getByLabel('Metronome (BPM)');
  await field.fill(String(bpm));
  await field.press('Enter');
  await expect(field).toHaveValue(String(bpm));
};
