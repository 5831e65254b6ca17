import { randomUUID } from 'node:crypto';
import { openStores } from '@stickwork/app-api/stores';
import { practiceStreamId } from '@stickwork/domain';
import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { serverDataDir } from '../support/server-data-dir.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';
import { dayKeyOf, startJourneyDay, putServerClockBack } from '../support/journey-day.js';
import { practiseMinutes } from '../support/practised-minutes.js';

// The browser, the API and the seeded days agree on the customer's day in UTC.
test.use({ timezoneId: 'UTC' });

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

// Today's practice moves the server's shared clock (one worker): put it back after each journey.
test.afterEach(async ({ request }) => {
  await putServerClockBack(request);
});

const customerIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { customerId: string })
    .customerId;

/**
 * 14 days in a row practised from 16 to 3 days ago, written into the running server's store as the
 * CLI would (the server's projection runner picks them up): two freezes earned, then two missed days.
 */
const seedFortnight = async (customerId: string, now: number) => {
  const { store, close } = await openStores({
    dataDir: serverDataDir(),
    eventStoreConnectionString: undefined,
  });
  try {
    await store.appendToStream(
      practiceStreamId(customerId),
      Array.from({ length: 14 }, (_, index) => {
        const day = dayKeyOf(now, 16 - index);
        return {
          id: randomUUID(),
          type: 'PracticeActivityRecorded',
          data: { day, lessons: 1, minutes: 20 },
          metadata: { schemaVersion: 1, time: `${day}T18:00:00.000Z` },
        };
      }),
      { expectedRevision: 'any' },
    );
  } finally {
    await close();
  }
};

for (const width of [375, 1280]) {
  test(`weekly goal at ${width} px: progress, streak kept by two freezes, frozen days on the calendar, a new goal`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const now = await startJourneyDay(request, context, 15);
    const account = await registerViaApi(request, 'Sheila');
    await seedFortnight(customerIdOf(account.token), now);
    await practiseMinutes(request, account.token, 15);
    const today = await request.post('/api/practiceActivity', {
      headers: { 'x-auth-token': account.token, 'time-zone': 'UTC' },
      data: { countLessonsPracticed: 1, practiceDurationMinutes: 15 },
    });
    expect(today.status(), await today.text()).toBe(201);
    await logInContext(context, baseURL!, account.token);
    await page.goto('/stats-and-progress');

    const panel = page.getByRole('region', { name: 'Weekly goal' });
    await expect(panel.getByTestId('streak-current')).toHaveText('15');
    await expect(panel.getByTestId('streak-freezes')).toHaveText('0 of 2');
    // This week's practice days: Monday to today, less the two missed days.
    const weekday = (new Date(now).getUTCDay() + 6) % 7; // Monday 0
    const practised = Array.from({ length: weekday + 1 }, (_, index) => index).filter(
      (daysAgo) => daysAgo === 0 || daysAgo >= 3,
    ).length;
    await expect(panel.getByTestId('goal-progress')).toHaveText(`${practised} of 3 practice days this week`);
    await expect(panel.getByLabel('Practice days per week')).toHaveValue('3');
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/weekly-goal-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Calendar' }).click();
    for (const daysAgo of [1, 2]) {
      const frozen = page.locator(`.activity-calendar [data-date="${dayKeyOf(now, daysAgo)}"]`);
      await expect(frozen).toHaveClass(/activity-calendar__day--frozen/);
      await expect(frozen).toHaveAttribute('title', /streak freeze used$/);
    }
    await expect(page.locator(`.activity-calendar [data-date="${dayKeyOf(now, 3)}"]`)).not.toHaveClass(
      /frozen/,
    );
    await page.locator(`.activity-calendar [data-date="${dayKeyOf(now, 1)}"]`).click();
    await expect(page.getByRole('region', { name: 'Day details' })).toContainText(
      'A streak freeze kept your streak going.',
    );
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/weekly-goal-calendar-${width}.png`, fullPage: true });

    await panel.getByLabel('Practice days per week').selectOption('1');
    await panel.getByRole('button', { name: 'Set goal' }).click();
    await expect(panel.getByRole('status')).toHaveText('Your goal is now 1 day a week.');
    await expect(panel.getByTestId('goal-progress')).toHaveText(`${practised} of 1 practice days this week`);
    await expect(panel.getByTestId('goal-status')).toHaveText('Goal met this week. Well done!');
    await expect(panel.getByTestId('goal-weeks')).not.toHaveText('0');

    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Weekly goal' }).getByLabel('Practice days per week'),
    ).toHaveValue('1');
  });
}
