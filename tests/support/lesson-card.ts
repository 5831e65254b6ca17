import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { findExercise } from '@stickwork/domain';
import { logInContext, registerViaApi } from './accounts.js';
import { RECORD_AUDIO } from './audio-recorder.js';
import { answerConsent } from './consent.js';

/** Before a lesson-card journey: consent answered, no video player reached, every sound recorded. */
export const prepareLessonCardPage = async (context: BrowserContext, baseURL: string, page: Page) => {
  await answerConsent(context, baseURL);
  await context.route('https://player.vimeo.com/**', (route) => route.abort());
  await page.addInitScript(RECORD_AUDIO);
};

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
  await startTimingSession(page);
};

/** From the practice page: a 30-minute session on Timing, at the kit, to its first lesson card. */
export const startTimingSession = async (page: Page) => {
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

/**
 * Opens a lesson card on chosen catalogue lessons: a new drummer's stored session holds them (as the
 * schedule would), and "Resume" on the overview opens the first. `showLesson` opens another of them.
 */
export const openLessonsById = async (
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  lessonIds: readonly number[],
) => {
  const account = await registerViaApi(request, 'Reader');
  await logInContext(context, baseURL, account.token);
  const lessons = lessonIds.map((id) => {
    const exercise = findExercise(id);
    if (!exercise) throw new Error(`no lesson ${id} in the catalogue`);
    const { notation: _notation, ...lesson } = exercise;
    return lesson;
  });
  await page.goto('/launch-overview');
  await page.evaluate(([key, schedule]) => localStorage.setItem(key, JSON.stringify(schedule)), [
    STORED_SCHEDULE_KEY,
    { lessons, currentLessonIndex: 0, practiceTimeBeforeCurrentExercise: 0 },
  ] as const);
  await showLesson(page, 0);
};

/** Opens lesson `index` of the session `openLessonsById` stored, with its notation drawn. */
export const showLesson = async (page: Page, index: number) => {
  await page.evaluate(
    ([key, at]) => {
      const stored = JSON.parse(localStorage.getItem(key)!) as { currentLessonIndex: number };
      localStorage.setItem(key, JSON.stringify({ ...stored, currentLessonIndex: at }));
    },
    [STORED_SCHEDULE_KEY, index] as const,
  );
  await page.goto('/launch-overview');
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(page.getByLabel('Metronome (BPM)')).toBeVisible();
  await expect(page.locator('.notation__music svg').first()).toBeVisible({ timeout: 20_000 });
};

/** Where stored sessions live in the browser (app-web's stored-schedule.ts). */
const STORED_SCHEDULE_KEY = 'stickwork.practice-schedule';
