import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { putServerClockBack } from '../support/journey-day.js';

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
  // No internet here: the video player is never reached.
  await context.route('https://player.vimeo.com/**', (route) => route.abort());
});

/** The two skills the customer chose at registration, set through the API. */
const chooseSkills = async (request: APIRequestContext, token: string) => {
  const response = await request.post('/api/focus', {
    headers: { 'x-auth-token': token },
    data: {
      skillSelfRating: [
        { skillName: 'hand_technique', selected: true, level: 'beginner' },
        { skillName: 'timing', selected: true, level: 'starter' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
};

const limitOverlay = (page: Page) => page.getByRole('heading', { name: 'Daily Limit reached' });

// The server's clock is shared by every journey (one worker): put it back whatever a journey did.
test.afterEach(async ({ request }) => {
  await putServerClockBack(request);
});

const VIEWPORTS = [
  { width: 375, height: 667 },
  { width: 1280, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('freemium: two skills, 30 minutes, Drum Kit → warm-up → lessons → daily limit → report; then the upsell', async ({
      allowConsole,
      page,
      context,
      request,
      baseURL,
    }) => {
      // A whole day's practice, the report, the upsell and its checkout: a long journey on a loaded machine
      // (at 375 px it took 1.7 min with other engineers' runs beside it).
      test.setTimeout(180_000);
      // The request past the daily limit is answered 429 on purpose.
      allowConsole(/status of 429 .* @ http:\/\/[^/]+\/api\/lesson\/schedule$/);
      const account = await registerViaApi(request);
      await chooseSkills(request, account.token);
      await logInContext(context, baseURL!, account.token);

      await page.goto('/launch-overview');
      await expect(page.getByRole('heading', { level: 1, name: 'Hi Ringo!' })).toBeVisible();
      await expect(
        page.getByRole('heading', { name: 'Jump right into your practice session' }),
      ).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Upgrade' }).getByRole('link')).toHaveAttribute(
        'href',
        '/pricing',
      );
      await expect(page.getByText('coming soon')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Timing' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // §5: at least one skill, and 10-360 minutes although the input allows 5.
      const minutes = page.getByLabel('Minutes');
      await minutes.fill('5');
      await page.getByRole('button', { name: 'Drum Kit' }).first().click();
      await expect(page.getByText('Please select at least one skill')).toBeVisible();
      await expect(page.getByText('Practice time must be between 10 and 360 minutes')).toBeVisible();

      await page.getByRole('button', { name: 'Hand Technique' }).click();
      await page.getByRole('button', { name: 'Timing' }).click();
      await minutes.fill('30');
      await page.getByRole('button', { name: 'Drum Kit' }).first().click();

      // The session starts with the warm-up.
      await expect(page.getByRole('button', { name: 'warmed up' })).toBeVisible();
      await expect(page.getByText('Warm Up', { exact: true })).toBeVisible();
      await expect(page.getByRole('timer')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The sheet music is saved under the lesson's name; the metronome starts and pauses.
      const title = await page.getByRole('heading', { level: 2 }).first().textContent();
      const [sheet] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'download sheet' }).click(),
      ]);
      expect(sheet.suggestedFilename()).toBe(`${title}.pdf`);
      await page.getByRole('button', { name: 'Start metronome' }).click();
      await page.getByRole('button', { name: 'Pause metronome' }).click();

      // Evaluate lesson after lesson until the daily limit.
      let evaluated = 0;
      let warmUps = 0;
      while (!(await limitOverlay(page).isVisible())) {
        expect(evaluated, 'the limit overlay should follow the free lessons').toBeLessThan(8);
        // No lesson has a video until an operator supplies one (lesson-videos.json): the consent gate of
        // the video frame is covered by overview-cards.unit.spec.tsx.
        const front = page.getByRole('button', { name: /^(warmed up|evaluate lesson)$/ });
        if ((await front.textContent()) === 'warmed up') warmUps++;
        await front.click();
        await expect(
          page.getByText("Please evaluate how difficult you've experienced this lesson."),
        ).toBeVisible();
        await page.getByRole('button', { name: 'evaluate lesson' }).click();
        evaluated++;
        await expect(
          page.getByRole('button', { name: /^(warmed up|evaluate lesson)$/ }).or(limitOverlay(page)),
        ).toBeVisible();
        // Clicked through in seconds: the next card says the lesson before it earned nothing.
        if (!(await limitOverlay(page).isVisible()))
          await expect(page.getByRole('status').filter({ hasText: 'earned nothing' })).toHaveText(
            /^.+ earned nothing: evaluated after \d+ s, before real practice\. Progress and practice minutes come from time spent on a lesson\.$/,
          );
      }
      expect(evaluated).toBeGreaterThanOrEqual(4);

      await page.getByRole('button', { name: 'Finish practice' }).click();
      const report = page.getByRole('dialog', { name: 'Your practice report' });
      await expect(report).toBeVisible();
      // The warm-up is counted apart, and a quick click-through counts its seconds, not a minute a lesson.
      await expect(report.getByRole('term')).toHaveText(['Lessons done', 'Warm-ups', 'Time practised']);
      await expect(report.getByRole('definition')).toHaveText([
        String(evaluated - warmUps),
        String(warmUps),
        /^\d+ s$/,
      ]);
      expect(warmUps).toBeGreaterThanOrEqual(1);
      expect(evaluated - warmUps, 'the free lessons of a day').toBe(3);
      await expect(report.getByRole('heading', { name: 'Earned nothing' })).toBeVisible();
      await expect(
        report.getByText(
          'Evaluated before real practice, so they moved no progress and no practice minutes:',
        ),
      ).toBeVisible();
      await expect(report.getByRole('heading', { name: 'Your next step' })).toBeVisible();
      await expect(
        report.getByText(/^Next time, pick (Timing|Hand Technique): at \d+% it is the closest/),
      ).toBeVisible();
      await expect(report.getByLabel('Timing progress')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await report.getByRole('button', { name: 'Close' }).first().click();
      await expect(report).toBeHidden();

      // Today's free lessons are used up: the next request opens the upsell.
      await page.getByRole('button', { name: 'Timing' }).click();
      await page.getByRole('button', { name: 'Drum Kit' }).first().click();
      const upsell = page.getByRole('dialog', { name: "You've reached your daily limit" });
      await expect(upsell).toBeVisible();
      // It opens on the plan the pricing page marks most popular, mentions the trial of a first
      // subscription, and writes prices as everywhere else ('15.99 €').
      await expect(upsell.getByText(/14-day free trial/)).toBeVisible();
      await expect(upsell.getByRole('heading', { name: /Premium/ })).toBeInViewport();
      await expect(upsell.getByRole('heading', { name: 'Basic' })).not.toBeInViewport();
      await expect(upsell.getByText('15.99 € / month')).toBeVisible();
      expect(await upsell.textContent()).not.toMatch(/€\s?\d/);
      await upsell.getByRole('switch', { name: 'Billed yearly' }).click();
      await expect(upsell.getByText('11.99 € / month')).toBeVisible();
      await expect(upsell.getByText('billed yearly: 143.88 €')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Upgrade Now keeps the choice: straight to the checkout of premium billed yearly.
      await upsell.getByRole('link', { name: 'Upgrade Now' }).click();
      await expect(page).toHaveURL(/\/checkout\/price_premium_yearly$/);
      await expect(page.getByText(/Premium, billed yearly/)).toBeVisible();
    });

    test('a lesson practised for its practice time earns its progress; the report lists only what was clicked through', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.slow();
      const account = await registerViaApi(request, 'Paul');
      await chooseSkills(request, account.token);
      await logInContext(context, baseURL!, account.token);
      await page.goto('/launch-overview');
      await page.getByRole('button', { name: 'Timing' }).click();
      await page.getByLabel('Minutes').fill('30');
      await page.getByRole('button', { name: 'Drum Kit' }).first().click();

      // The warm-up clicked through, then the first lesson practised for its whole practice time (the
      // server's clock moved on by it, as if the drummer had played that long).
      const front = page.getByRole('button', { name: /^(warmed up|evaluate lesson)$/ });
      while ((await front.textContent()) === 'warmed up') {
        await front.click();
        await page.getByRole('button', { name: 'evaluate lesson' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'earned nothing' })).toBeVisible();
      }
      const practised = (await page.locator('#lesson-title').textContent())!;
      const minutes = Number(
        (await page.getByText(/^Practice time: \d+ min/).textContent())!.match(/(\d+) min/)![1],
      );
      const moved = await request.post('/api/test/clock', { data: { advanceMinutes: minutes } });
      expect(moved.status()).toBe(200);
      await front.click();
      await page.getByRole('button', { name: 'evaluate lesson' }).click();

      // The next card says nothing of the practised lesson: it earned its practice.
      await expect(front.or(page.getByRole('heading', { name: 'Daily Limit reached' }))).toBeVisible();
      await expect(page.locator('#lesson-title')).not.toHaveText(practised);
      await expect(page.getByRole('status').filter({ hasText: 'earned nothing' })).toHaveCount(0);

      // The rest clicked through up to the daily limit, then the report.
      while (!(await limitOverlay(page).isVisible())) {
        await front.click();
        await page.getByRole('button', { name: 'evaluate lesson' }).click();
        await expect(front.or(limitOverlay(page))).toBeVisible();
      }
      await page.getByRole('button', { name: 'Finish practice' }).click();
      const report = page.getByRole('dialog', { name: 'Your practice report' });
      await expect(report).toBeVisible();
      const unearned = report.getByRole('region', { name: 'Earned nothing' }).getByRole('listitem');
      await expect(unearned.first()).toBeVisible();
      expect(await unearned.allTextContents()).not.toContainEqual(expect.stringContaining(practised));
      // Its rating moved the timing progress off 0.
      expect(Number(await report.getByLabel('Timing progress').getAttribute('value'))).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({
        path: test.info().outputPath(`report-practised-${viewport.width}.png`),
        fullPage: true,
      });
    });
  });
}

test('an unfinished session survives a reload as Resume Practice and continues where it stopped', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Charlie');
  await chooseSkills(request, account.token);
  await logInContext(context, baseURL!, account.token);

  await page.goto('/launch-overview');
  await expect(page.getByRole('heading', { name: 'Resume Practice' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Timing' }).click();
  await page.getByLabel('Minutes').fill('30');
  await page.getByRole('button', { name: 'Drum Kit' }).first().click();

  const firstTitle = await page.getByRole('heading', { level: 2 }).first().textContent();
  const position = page.getByText(/^# \d+ \/ \d+$/);
  const total = Number((await position.textContent())!.split('/')[1]);
  await page.getByRole('button', { name: /^(warmed up|evaluate lesson)$/ }).click();
  await page.getByRole('button', { name: 'evaluate lesson' }).click();
  await expect(position).toHaveText(`# 2 / ${total}`);
  const secondTitle = await page.getByRole('heading', { level: 2 }).first().textContent();
  expect(secondTitle).not.toBe(firstTitle);

  // The stored session moves on once the evaluation's posts before it are done; wait for that.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('stickwork.practice-schedule') ?? '{}') as {
              currentLessonIndex?: number;
            }
          ).currentLessonIndex,
      ),
    )
    .toBe(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Resume Practice' })).toBeVisible();
  await expect(page.getByText(`You have ${total - 1} lessons left.`)).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('heading', { level: 2, name: secondTitle! })).toBeVisible();
  await expect(position).toHaveText(`# 2 / ${total}`);
});
