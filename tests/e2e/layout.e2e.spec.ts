import { registerViaApi, logInContext, type E2eAccount } from '../support/accounts.js';
import { expect, test } from '../support/clean-console.js';
import { answerConsent } from '../support/consent.js';
import { expectNoHorizontalOverflow, NARROW_WIDTHS } from '../support/layout.js';

// No page is wider than a phone, and no control leaves its card.
// Every route of app-web/src/app/router.tsx.
const PUBLIC_ROUTES = [
  '/',
  '/log-out',
  '/login',
  '/register',
  '/pricing',
  '/about-us',
  '/impressum',
  '/privacy-policy',
  '/terms-and-conditions',
  '/verify-mail/',
  '/request-password-change/',
  '/change-password',
  '/no-such-page',
];

const PROTECTED_ROUTES = [
  '/launch-overview',
  '/stats-and-progress',
  '/lesson-history',
  '/teacher-lessons',
  '/update-skills',
  '/account-settings',
  '/checkout/price_premium_monthly',
  '/subscription-success',
  '/return',
  '/test-payments/portal',
];

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
  await context.route('https://player.vimeo.com/**', (route) => route.abort());
});

for (const path of PUBLIC_ROUTES) {
  test(`${path} fits 320, 375 and 768 px`, async ({ page, allowConsole }) => {
    if (path === '/no-such-page') allowConsole(/status of 404 .* @ http:\/\/[^/]+\/no-such-page$/);
    for (const width of NARROW_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page, path);
    }
  });
}

test.describe('logged in', () => {
  let account: E2eAccount;
  test.beforeAll(async ({ request }) => {
    account = await registerViaApi(request, 'Layout');
  });

  for (const path of PROTECTED_ROUTES) {
    test(`${path} fits 320, 375 and 768 px`, async ({ page, context, baseURL, allowConsole }) => {
      // A freemium drummer is shown what the exclusive tier adds: the API answers 403 on purpose.
      if (path === '/teacher-lessons')
        allowConsole(/status of 403 .* @ http:\/\/[^/]+\/api\/teacher-lessons$/);
      await logInContext(context, baseURL!, account.token);
      for (const width of NARROW_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalOverflow(page, path);
      }
    });
  }
});

test('the recovery form keeps its width when the field has focus, and its button text whole', async ({
  page,
}) => {
  for (const width of NARROW_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/request-password-change/');
    await page.getByRole('textbox', { name: 'Email' }).fill('ringo.starr@example.com');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await expectNoHorizontalOverflow(page, 'the focused recovery form');
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  }
});

test('each registration step fits a phone', async ({ page }) => {
  for (const width of NARROW_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/register');
    await expectNoHorizontalOverflow(page, 'the questionnaire intro');
    await page.getByRole('button', { name: 'Start the questionnaire' }).click();
    await page.getByRole('radio', { name: 'No' }).check();
    await expectNoHorizontalOverflow(page, 'question 1');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Become the best drummer you can be' })).toBeVisible();
    await expectNoHorizontalOverflow(page, 'the personal data step');
  }
});

test('the activity calendar fits 4 months at 320 px without clipping, and keeps its cells square and small on a wide screen', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerViaApi(request, 'Calendar');
  await logInContext(context, baseURL!, account.token);
  const measure = () =>
    page.locator('.activity-calendar').evaluate((calendar) => {
      const box = calendar.getBoundingClientRect();
      const days = [...calendar.querySelectorAll('.activity-calendar__day')].map((day) =>
        day.getBoundingClientRect(),
      );
      const labels = [...calendar.querySelectorAll('.activity-calendar__weekday')]
        .filter((label) => label.textContent)
        .map((label) => ({
          text: label.textContent,
          whole: label.scrollWidth <= label.clientWidth + 1,
          left: label.getBoundingClientRect().left,
          right: label.getBoundingClientRect().right,
        }));
      const screen = document.documentElement.clientWidth;
      return {
        weeks: new Set(days.map((day) => Math.round(day.left))).size,
        daysOutside: days.filter(
          (day) => day.left < box.left - 1 || day.right > Math.min(box.right, screen) + 1,
        ).length,
        firstDayLeft: Math.min(...days.map((day) => day.left)),
        labels,
        calendarLeft: box.left,
        cellWidths: days.map((day) => day.width),
        cellHeights: days.map((day) => day.height),
      };
    });

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/stats-and-progress');
  await page.getByRole('button', { name: 'Calendar' }).click();
  const phone = await measure();
  expect(phone.weeks).toBeGreaterThanOrEqual(17);
  expect(phone.daysOutside).toBe(0);
  expect(phone.labels.map((label) => label.text)).toEqual(['Mon', 'Wed', 'Fri', 'Sun']);
  for (const label of phone.labels) {
    expect(label.whole, `${label.text} is whole`).toBe(true);
    expect(label.left).toBeGreaterThanOrEqual(phone.calendarLeft - 1);
    expect(label.right).toBeLessThanOrEqual(phone.firstDayLeft + 1);
  }
  await expectNoHorizontalOverflow(page, 'the calendar');

  await page.setViewportSize({ width: 1280, height: 800 });
  const wide = await measure();
  expect(wide.daysOutside).toBe(0);
  expect(Math.max(...wide.cellWidths)).toBeLessThanOrEqual(28);
  expect(Math.min(...wide.cellWidths)).toBeGreaterThanOrEqual(14);
  expect(wide.cellHeights).toEqual(wide.cellWidths);
});
