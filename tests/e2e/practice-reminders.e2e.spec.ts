import fs from 'node:fs';
import path from 'node:path';
import { openStores } from '@stickwork/app-api/stores';
import { reminderUnsubscribeSecret } from '@stickwork/app-api/testing';
import { remindersStreamId } from '@stickwork/domain';
import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { serverDataDir } from '../support/server-data-dir.js';
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

const customerIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { customerId: string })
    .customerId;

/** The unsubscribe link a reminder mailed now would carry: signed for the drummer's opt-in, as the sweep signs it. */
const unsubscribePathFor = async (customerId: string) => {
  const { store, close } = await openStores({
    dataDir: serverDataDir(),
    eventStoreConnectionString: undefined,
  });
  try {
    const optIn = (await store.readStream(remindersStreamId(customerId))).find(
      (event) => event.type === 'PracticeRemindersSet',
    );
    const { optInId } = optIn!.data as { optInId: string };
    const jwtSecret = fs.readFileSync(path.join(serverDataDir(), 'secrets', 'jwt-secret'), 'utf8').trim();
    const secret = reminderUnsubscribeSecret(jwtSecret, { customerId, optInId, issuedAt: new Date() });
    return `/api/reminders/unsubscribe?secret=${encodeURIComponent(secret)}`;
  } finally {
    await close();
  }
};

for (const width of [375, 1280]) {
  test(`the unsubscribe page of a reminder mail at ${width} px: it asks, its button stops the reminders, a bad link says where to go`, async ({
    page,
    request,
    allowConsole,
  }) => {
    allowConsole(/status of 400 .* @ http:\/\/localhost:\d+\/api\/reminders\/unsubscribe\?secret=forged$/);
    await page.setViewportSize({ width, height: 900 });
    const account = await registerViaApi(request, 'Ringo');
    const optIn = await request.put('/api/reminders', {
      headers: { 'x-auth-token': account.token, 'time-zone': 'Europe/Berlin' },
      data: { enabled: true, days: [1, 4], hour: 18 },
    });
    expect(optIn.status(), await optIn.text()).toBe(200);

    await page.goto(await unsubscribePathFor(customerIdOf(account.token)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop practice reminders?');
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/reminder-unsubscribe-${width}.png`, fullPage: true });
    // Opening the link changed nothing.
    const settings = { headers: { 'x-auth-token': account.token, 'time-zone': 'Europe/Berlin' } };
    expect(await (await request.get('/api/reminders', settings)).json()).toMatchObject({ enabled: true });

    await page.getByRole('button', { name: 'Stop practice reminders' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Practice reminders stopped');
    await expectNoSeriousA11yViolations(page);
    expect(await (await request.get('/api/reminders', settings)).json()).toMatchObject({ enabled: false });

    await page.goto('/api/reminders/unsubscribe?secret=forged');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
    await expect(page.getByRole('link', { name: 'Manage reminders in account settings' })).toHaveAttribute(
      'href',
      '/account-settings',
    );
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
  });
}
