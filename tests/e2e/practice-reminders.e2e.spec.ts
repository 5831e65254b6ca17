import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';

test.use({ timezoneId: 'Europe/Berlin' });

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

for (const width of [375, 1280]) {
  test(`practice reminders at ${width} px: off by default, turned on for chosen days and hour, kept`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const account = await registerViaApi(request, 'Viola');
    await logInContext(context, baseURL!, account.token);
    await page.goto('/account-settings');

    const reminders = page.getByRole('form', { name: 'Practice reminders' });
    const toggle = reminders.getByRole('checkbox', { name: 'Send me practice reminders by mail' });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await reminders.getByRole('checkbox', { name: 'Monday' }).uncheck();
    await reminders.getByRole('checkbox', { name: 'Saturday' }).check();
    await reminders.getByLabel('Time (Europe/Berlin)').selectOption('7');
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/practice-reminders-${width}.png`, fullPage: true });
    await reminders.getByRole('button', { name: 'Save reminders' }).click();
    await expect(reminders.getByRole('status')).toHaveText('Your practice reminders are on.');

    await page.reload();
    const again = page.getByRole('form', { name: 'Practice reminders' });
    await expect(again.getByRole('checkbox', { name: 'Send me practice reminders by mail' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    await expect(again.getByLabel('Time (Europe/Berlin)')).toHaveValue('7');
  });
}
