import type { APIRequestContext } from '@playwright/test';
import { getCatalogue } from '@stickwork/domain';
import { snareRushingFourTake } from '@stickwork/domain/testing';
import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { dayKeyOf, startJourneyDay, putServerClockBack } from '../support/journey-day.js';
import { practiseMinutes } from '../support/practised-minutes.js';

// The browser and the API agree on "today" only in the same zone.
test.use({ timezoneId: 'UTC' });

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

const apiAs = (request: APIRequestContext, token: string) => {
  const headers = { 'x-auth-token': token, 'time-zone': 'UTC' };
  return {
    post: async (path: string, data: unknown) => {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    },
  };
};

const ratings = (levels: Record<string, string>) =>
  [
    'beginner_course',
    'hand_technique',
    'hand_speed',
    'independence',
    'groove_feel_sound',
    'timing',
    'drum_fills',
    'grooves',
  ].map((skillName) => ({
    skillName,
    selected: skillName in levels,
    level: levels[skillName] ?? 'level not set',
  }));

// The server's clock is shared by every journey (one worker): put it back on the system time after
// the journeys that move it for practice time.
test.afterEach(async ({ request }) => {
  await putServerClockBack(request);
});

/**
 * Chooses the skills and practises four timing lessons at beginner, each "mastered" without a take at
 * tempo: 4 × 20 (too easy) reaches the 80 of a level-up.
 */
const makeTimingReady = async (request: APIRequestContext, token: string, levels: Record<string, string>) => {
  await apiAs(request, token).post('/api/focus', { skillSelfRating: ratings(levels) });
  const scheduled = await request.post('/api/lesson/schedule', {
    headers: { 'x-auth-token': token, 'time-zone': 'UTC' },
    data: {
      skillPreference: [{ focus: 'timing', level: 'beginner' }],
      practiceTime: 120,
      padSufficient: false,
    },
  });
  const { lessons } = (await scheduled.json()) as { lessons: { lesson_id: number; type: string }[] };
  const exercises = lessons.filter((lesson) => lesson.type === 'exercise');
  // Each lesson practised for 30 minutes by the server's practice clock (the test clock), as level-up needs.
  for (const lesson of [...exercises, ...exercises].slice(0, 4)) {
    expect((await request.post('/api/test/clock', { data: { advanceMinutes: 30 } })).status()).toBe(200);
    await apiAs(request, token).post('/api/lesson/finishExercise', {
      lessonId: lesson.lesson_id,
      type: 'exercise',
      ratingDifficulty: 'too_easy',
      skipLesson: true,
    });
  }
};

test('stats: the numbers, the calendar and a day’s details', async ({ page, context, request, baseURL }) => {
  test.slow(); // two sessions practised by the server's clock before the page, two axe scans
  const now = await startJourneyDay(request, context, 50 + 20);
  const account = await registerViaApi(request, 'Karen');
  const api = apiAs(request, account.token);
  await api.post('/api/focus', { skillSelfRating: ratings({ timing: 'beginner', grooves: 'advanced' }) });
  for (const minutes of [50, 20]) {
    // The minutes practised by the server's practice clock (the test clock), then the activity.
    await practiseMinutes(request, account.token, minutes);
    await api.post('/api/practiceActivity', { countLessonsPracticed: 1, practiceDurationMinutes: minutes });
    await api.post('/api/usage', { usageType: 'lesson' });
  }
  await logInContext(context, baseURL!, account.token);
  await page.goto('/stats-and-progress');

  await expect(page.getByRole('heading', { level: 2, name: 'Karen' })).toBeVisible();
  await expect(page.getByTestId('stat-hours')).toHaveText('1');
  await expect(page.getByTestId('stat-lessons')).toHaveText('2');
  await expect(page.getByTestId('stat-streak')).toHaveText('1');
  await expect(page.getByRole('img', { name: /^Timing: 0% of lvl 2$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Calendar' }).click();
  const day = page.locator(`.activity-calendar [data-date="${dayKeyOf(now)}"]`);
  await expect(day).toHaveAttribute('title', /^2 lessons practised /);
  await day.click();
  const details = page.getByRole('region', { name: 'Day details' });
  await expect(details).toContainText('2 lessons practiced');
  await expect(details).toContainText('70 min in total practiced');
  await expectNoSeriousA11yViolations(page);

  await day.click();
  await expect(details).toBeHidden();
  await page.locator('.activity-calendar__day').first().click();
  await expect(details).toContainText('No lessons practiced');
  await expect(details).toContainText('0 min in total practiced');
});

test('update skills: the slider text, Update only on a change, and the new level persists', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Neil');
  await apiAs(request, account.token).post('/api/focus', {
    skillSelfRating: ratings({ timing: 'beginner' }),
  });
  await logInContext(context, baseURL!, account.token);
  await page.goto('/update-skills');

  await page.getByRole('tab', { name: 'Timing' }).click();
  const panel = page.getByRole('tabpanel');
  const slider = panel.getByLabel('Level of Timing');
  const update = panel.getByRole('button', { name: 'Update' });
  await expect(slider).toHaveValue('2');
  await expect(slider).toHaveAttribute('max', '7');
  await expect(panel.getByText('Move slider to select new level')).toBeVisible();
  await expect(update).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await slider.fill('4');
  await expect(panel.getByText('Update Timing to: level 4')).toBeVisible();
  await expect(update).toBeEnabled();
  await slider.fill('2');
  await expect(update).toBeDisabled();

  await slider.fill('4');
  await update.click();
  // Update confirms what it stored, announced as a status.
  await expect(
    page.getByRole('status').filter({ hasText: 'Timing is set to level 4: Medium Advanced.' }),
  ).toBeVisible();
  await expect(panel.getByText('Move slider to select new level')).toBeVisible();
  await expect(panel.getByRole('img', { name: 'Timing: 0% of lvl 4' })).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Timing' }).click();
  await expect(page.getByRole('tabpanel').getByLabel('Level of Timing')).toHaveValue('4');
  await page.getByRole('tab', { name: 'Beginner Course' }).click();
  await expect(page.getByRole('tabpanel').getByLabel('Level of Beginner Course')).toHaveAttribute('max', '1');
});

test('level up: at 80% the gauge offers Level Up; a click raises the level by one', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Gina');
  // Hand Technique comes first, but the page opens on the skill that is ready to level up.
  await makeTimingReady(request, account.token, { hand_technique: 'beginner', timing: 'beginner' });
  await logInContext(context, baseURL!, account.token);
  await page.goto('/update-skills');

  const panel = page.getByRole('tabpanel');
  // The tab says which skill is ready; the others do not.
  await expect(page.getByRole('tab', { name: 'Timing ready to level up' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: /ready to level up/ })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  const levelUp = panel.getByRole('button', { name: 'Level Up Timing' });
  await expect(levelUp).toHaveAttribute('title', 'Level Up');
  await levelUp.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Level up! Timing is now at level 3: Advanced Beginner.' }),
  ).toBeVisible();
  await expect(panel.getByRole('img', { name: 'Timing: 0% of lvl 3' })).toBeVisible();
  await expect(panel.getByLabel('Level of Timing')).toHaveValue('3');
  await expect(levelUp).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /ready to level up/ })).toHaveCount(0);
});

test('level up from the stats page: the ready gauge is marked, blinks and levels up as its hint says', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Sheila');
  await makeTimingReady(request, account.token, { timing: 'beginner', grooves: 'starter' });
  await logInContext(context, baseURL!, account.token);
  await page.goto('/stats-and-progress');

  const timing = page.locator('.gauge-card').filter({ has: page.getByRole('heading', { name: /^Timing/ }) });
  await expect(timing.getByRole('heading', { name: 'Timing ready to level up', exact: true })).toBeVisible();
  await expect(timing).toContainText('You can level up! Just hit the blinking icon!');
  await expect(page.getByRole('heading', { name: /ready to level up/ })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await timing.getByRole('button', { name: 'Level Up Timing' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Level up! Timing is now at level 3: Advanced Beginner.' }),
  ).toBeVisible();
  await expect(timing.getByRole('img', { name: 'Timing: 0% of lvl 3' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /ready to level up/ })).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`weak spots at ${width} px: the one beat of the bar that stands out is named as drummers count it`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const account = await registerViaApi(request, 'Stewart');
    const groove = getCatalogue().find((lesson) => lesson.focus === 'grooves' && lesson.type === 'exercise')!;
    // Eight calibrated takes of a groove, the snare on 4 rushed by 24 ms (`snareRushingFourTake`).
    const api = apiAs(request, account.token);
    for (let i = 0; i < 8; i++) await api.post('/api/lesson/timing', snareRushingFourTake(groove.lesson_id));
    await logInContext(context, baseURL!, account.token);
    await page.goto('/stats-and-progress');

    await expect(page.getByRole('heading', { name: 'Weak spots' })).toBeVisible();
    const spots = page.getByTestId('weak-spot');
    await expect(spots).toHaveCount(1);
    await expect(spots.first()).toContainText('Your snare on 4 rushes 24 ms');
    await expect(spots.first()).toContainText('new this month');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`weak-spot-beat-${width}.png`), fullPage: true });
  });
}
