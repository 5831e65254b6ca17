import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';

// The browser and the API agree on "today" only in the same zone.
test.use({ timezoneId: 'UTC' });

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

interface Lesson {
  lesson_id: number;
  name: string;
  type: string;
}

const apiAs = (request: APIRequestContext, token: string) => {
  const headers = { 'x-auth-token': token, 'time-zone': 'UTC' };
  return async <T = unknown>(path: string, data: unknown, status = 200): Promise<T> => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  };
};

/** A take as the timing coach posts it when it ends. */
const take = (lessonId: number, accuracy: number) => ({
  lessonId,
  input: 'midi',
  bpm: 96,
  expected: 32,
  hits: 30,
  missed: 2,
  extra: 1,
  meanOffsetMs: 15.2,
  spreadMs: 6.4,
  accuracy,
});

const today = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date());

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/lesson-history/${name}.png`, fullPage: true });

test('a scored take and its evaluation show on /lesson-history at 1280 and 375 px, by skill, and as a trend', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Sheila');
  const post = apiAs(request, account.token);
  await post('/api/focus', {
    skillSelfRating: [{ skillName: 'timing', selected: true, level: 'beginner' }],
  });
  const { lessons } = await post<{ lessons: Lesson[] }>('/api/lesson/schedule', {
    skillPreference: [{ focus: 'timing', level: 'beginner' }],
    practiceTime: 30,
    padSufficient: false,
  });
  const warmUp = lessons.find((lesson) => lesson.type === 'warm_up')!;
  const exercise = lessons.find((lesson) => lesson.type === 'exercise')!;
  // A session: the warm-up is evaluated without the coach, then two takes of the exercise and its rating.
  await post('/api/lesson/finishExercise', {
    lessonId: warmUp.lesson_id,
    type: 'warm_up',
    ratingDifficulty: 'challenging',
    skipLesson: false,
  });
  await post('/api/lesson/timing', take(exercise.lesson_id, 72), 201);
  await post('/api/lesson/timing', take(exercise.lesson_id, 86.5), 201);
  await post('/api/lesson/finishExercise', {
    lessonId: exercise.lesson_id,
    type: 'exercise',
    ratingDifficulty: 'easy',
    skipLesson: false,
  });
  await logInContext(context, baseURL!, account.token);

  await page.setViewportSize({ width: 1280, height: 900 });
  // The header's compact menu leads there.
  await page.goto('/launch-overview');
  await page.getByRole('button', { name: 'More' }).click();
  await screenshot(page, 'more-menu-1280');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lesson History' }).click();
  await expect(page).toHaveURL(/\/lesson-history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lesson History' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Lessons played, newest first' });
  const rows = table.getByTestId('lesson-history-row');
  await expect(rows).toHaveCount(2);
  const cells = async (index: number) =>
    (await rows.nth(index).locator('th, td').allTextContents()).map((text) => text.trim());
  expect(await cells(0)).toEqual([
    today,
    exercise.name,
    'Timing',
    '96 bpm',
    'easy',
    '87 %',
    '15 ms late, ±6 ms',
    '2',
  ]);
  expect(await cells(1)).toEqual([today, warmUp.name, 'Warm Up', '—', 'challenging', '—', '—', '0']);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'history-1280');

  // Filter by skill: the address keeps it.
  await page.getByLabel('Skill').selectOption({ label: 'Warm Up' });
  await expect(page).toHaveURL(/\/lesson-history\?skill=warm_up$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(warmUp.name);
  await page.getByLabel('Skill').selectOption({ label: 'Grooves' });
  await expect(page.getByRole('heading', { level: 2, name: 'No Grooves lessons yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Skill').selectOption({ label: 'All skills' });
  await expect(rows).toHaveCount(2);

  // A phone: a list of cards with the same facts.
  await page.setViewportSize({ width: 375, height: 800 });
  const list = page.getByRole('list', { name: 'Lessons played, newest first' });
  const items = list.getByTestId('lesson-history-row');
  await expect(items).toHaveCount(2);
  await expect(items.first().getByRole('heading', { level: 2 })).toHaveText(exercise.name);
  await expect(items.first()).toContainText(`${today} · Timing`);
  await expect(items.first()).toContainText('Best accuracy87 %');
  await expect(items.first()).toContainText('Timing15 ms late, ±6 ms');
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'history-375');

  // The stats page links here and draws the timing trend of the skills with takes.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/stats-and-progress');
  const trends = page.getByRole('region', { name: 'Timing trend' });
  await expect(trends.getByTestId('timing-trend')).toHaveCount(1);
  await expect(trends.getByRole('heading', { level: 3, name: 'Timing' })).toBeVisible();
  await expect(trends.getByText(`87 % on ${today}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'stats-trend-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'stats-trend-375');
  await trends.getByRole('link', { name: 'See your lesson history' }).click();
  await expect(page).toHaveURL(/\/lesson-history$/);
});

test('an empty history says how to get entries', async ({ page, context, request, baseURL }) => {
  const account = await registerViaApi(request, 'Viola');
  await logInContext(context, baseURL!, account.token);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/lesson-history');
  await expect(page.getByRole('heading', { level: 2, name: 'No lessons yet' })).toBeVisible();
  await expect(page.getByText(/Every lesson you evaluate in a practice session shows up here/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start practising' })).toHaveAttribute(
    'href',
    '/launch-overview',
  );
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'history-empty-375');

  // Without takes the stats page shows no trend, only the way to the history.
  await page.goto('/stats-and-progress');
  const section = page.getByRole('region', { name: 'Lesson history' });
  await expect(section.getByRole('link', { name: 'See your lesson history' })).toBeVisible();
  await expect(page.getByTestId('timing-trend')).toHaveCount(0);
});
