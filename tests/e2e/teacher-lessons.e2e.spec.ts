import { openStores } from '@stickwork/app-api/stores';
import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  handleCommand,
  teacherDecider,
  teacherEventSchemaVersions,
  teacherStreamId,
  type CustomerCommand,
  type TeacherCommand,
} from '@stickwork/domain';
import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';

test.use({ timezoneId: 'Europe/Berlin' });

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

const customerIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { customerId: string })
    .customerId;

/** Writes into the running server's store as the CLI would: a teacher with daily slots, an exclusive plan. */
const withStore = async (
  write: (store: Awaited<ReturnType<typeof openStores>>['store']) => Promise<void>,
) => {
  const stores = await openStores({
    dataDir: process.env.STICKWORK_E2E_DATA_DIR!,
    eventStoreConnectionString: undefined,
  });
  try {
    await write(stores.store);
  } finally {
    await stores.close();
  }
};
const metadata = () => ({ now: new Date() });

for (const width of [375, 1280]) {
  test(`teacher lessons at ${width} px: the upsell for other tiers; an exclusive customer books and cancels`, async ({
    page,
    context,
    request,
    baseURL,
    allowConsole,
  }) => {
    allowConsole(/status of 403/); // the upsell answer the premium customer gets on purpose
    await page.setViewportSize({ width, height: 900 });
    // A teacher of its own per attempt, so a retry does not meet the one it added before.
    const teacherId = `e2e-${width}-${Date.now().toString(36)}`;
    const teacherName = `Tina ${width}`;
    await withStore(async (store) => {
      const run = (command: Omit<TeacherCommand, 'metadata'>) =>
        handleCommand(store, teacherStreamId(teacherId), teacherDecider, teacherEventSchemaVersions, {
          ...command,
          metadata: metadata(),
        } as TeacherCommand);
      await run({
        type: 'AddTeacher',
        data: { teacherId, name: teacherName, email: `${teacherId}@example.com`, timeZone: 'Europe/Berlin' },
      });
      await run({
        type: 'SetAvailability',
        data: { slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '18:00' })) },
      });
    });

    // A premium customer sees what Exclusive adds.
    const premium = await registerViaApi(request, 'Paula');
    await logInContext(context, baseURL!, premium.token);
    await page.goto('/teacher-lessons');
    await expect(
      page.getByRole('heading', { name: 'Teacher lessons come with the Exclusive plan.' }),
    ).toBeVisible();
    await expect(
      page.getByText('4 online lessons with the teacher per year (one every 3 months)'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Exclusive' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);

    const account = await registerViaApi(request, 'Elvin');
    await withStore(async (store) => {
      await handleCommand(
        store,
        customerStreamId(customerIdOf(account.token)),
        customerDecider,
        customerEventSchemaVersions,
        {
          type: 'StartSubscription',
          data: {
            tier: 'exclusive',
            period: 'yearly',
            status: 'active',
            currentPeriodEnd: new Date(Date.now() + 300 * 86_400_000).toISOString(),
          },
          metadata: metadata(),
        } as CustomerCommand,
      );
    });
    await context.clearCookies();
    await answerConsent(context, baseURL!);
    await logInContext(context, baseURL!, account.token);
    // Account settings leads an exclusive customer there.
    await page.goto('/account-settings');
    await page.getByRole('link', { name: 'book your teacher lesson' }).click();
    await expect(page).toHaveURL(/\/teacher-lessons$/);
    const teacher = page.getByRole('region', { name: `Book a lesson with ${teacherName}` });
    await expect(teacher.getByText('Times in your time zone (Europe/Berlin).')).toBeVisible();
    // Tomorrow's slot or later (more than 24 h ahead, so it stays cancellable).
    const slot = teacher.getByRole('button', { name: /^Book / }).nth(2);
    const label = (await slot.textContent())!;
    await slot.click();
    await expect(page.getByRole('status')).toContainText(`Booked: ${label} with ${teacherName}.`);
    const mine = page.getByRole('region', { name: 'Your lessons' });
    await expect(mine).toContainText(`${label} with ${teacherName} (45 min)`);
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/teacher-lessons-${width}.png`, fullPage: true });

    await mine.getByRole('button', { name: 'Cancel lesson' }).click();
    await expect(page.getByRole('status')).toContainText('Your lesson is cancelled');
    await expect(mine).toContainText('No lesson booked yet.');
  });
}
