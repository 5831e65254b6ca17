import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';
import { practiseMinutes } from '../support/practised-minutes.js';
import { putServerClockBack } from '../support/journey-day.js';

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

// The practice before the export moves the server's shared clock (one worker): put it back after.
test.afterEach(async ({ request }) => {
  await putServerClockBack(request);
});

const customerIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { customerId: string })
    .customerId;

for (const width of [375, 1280]) {
  test(`Download my data at ${width} px: account settings saves a zip of the customer's own data`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const account = await registerViaApi(request, 'Cindy');
    await practiseMinutes(request, account.token, 25, 'Europe/Berlin');
    const practised = await request.post('/api/practiceActivity', {
      headers: { 'x-auth-token': account.token, 'time-zone': 'Europe/Berlin' },
      data: { countLessonsPracticed: 1, practiceDurationMinutes: 25 },
    });
    expect(practised.status()).toBe(201);
    await logInContext(context, baseURL!, account.token);
    await page.goto('/account-settings');

    const button = page.getByRole('button', { name: 'Download my data' });
    await expect(button).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/data-export-${width}.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^stickwork-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = testInfo.outputPath('export.zip');
    await download.saveAs(file);
    await expect(page.getByRole('status').filter({ hasText: 'Your data was downloaded.' })).toBeVisible();

    const files = Object.fromEntries(
      Object.entries(unzipSync(fs.readFileSync(file))).map(([name, data]) => [
        name.replace(/^[^/]+\//, ''),
        strFromU8(data),
      ]),
    );
    const customerId = customerIdOf(account.token);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        `events/customer-${customerId}.json`,
        `events/practice-${customerId}.json`,
        'read-models/progress.csv',
        'read-models/lesson-history.csv',
        'read-models/activity.csv',
      ]),
    );
    expect(files[`events/customer-${customerId}.json`]).toContain(account.email);
    expect(files['read-models/activity.csv']).toMatch(/\r\n\d{4}-\d{2}-\d{2},1,25\r\n$/);
    expect(JSON.stringify(files)).not.toContain('passwordHash');
  });
}
