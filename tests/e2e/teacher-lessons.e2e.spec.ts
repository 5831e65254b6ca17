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
import { serverDataDir } from '../support/server-data-dir.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';
import { waitForMail } from '../support/outbox.js';

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
    dataDir: serverDataDir(),
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
  test(`teacher lessons at ${width} px: the upsell for other tiers; an exclusive customer books and cancels, each confirmed, and learns where the lesson happens`, async ({
    page,
    context,
    request,
    baseURL,
    allowConsole,
  }) => {
    // Two accounts, two teachers, a booking and a cancellation each confirmed, five axe scans.
    test.setTimeout(120_000);
    allowConsole(/status of 403/); // the upsell answer the premium customer gets on purpose
    await page.setViewportSize({ width, height: 900 });
    // A teacher of its own per attempt, so a retry does not meet the one it added before.
    const teacherId = `e2e-${width}-${Date.now().toString(36)}`;
    const teacherName = `Tina ${width}`;
    const teacherEmail = `${teacherId}@example.com`;
    const meetingLink = `https://meet.example.com/${teacherId}`;
    // A New York teacher, whose 19:30 is 01:30 in Berlin: night for this drummer.
    const nightTeacherId = `${teacherId}-ny`;
    const nightTeacherName = `Nyla ${width}`;
    await withStore(async (store) => {
      const run = (id: string, command: Omit<TeacherCommand, 'metadata'>) =>
        handleCommand(store, teacherStreamId(id), teacherDecider, teacherEventSchemaVersions, {
          ...command,
          metadata: metadata(),
        } as TeacherCommand);
      const everyDay = (start: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start }));
      await run(teacherId, {
        type: 'AddTeacher',
        data: { teacherId, name: teacherName, email: teacherEmail, timeZone: 'Europe/Berlin' },
      });
      await run(teacherId, { type: 'SetAvailability', data: { slots: everyDay('18:00') } });
      // What `stickwork teacher meeting-link` appends.
      await run(teacherId, { type: 'SetMeetingLink', data: { meetingLink } });
      await run(nightTeacherId, {
        type: 'AddTeacher',
        data: {
          teacherId: nightTeacherId,
          name: nightTeacherName,
          email: `${nightTeacherId}@example.com`,
          timeZone: 'America/New_York',
        },
      });
      await run(nightTeacherId, { type: 'SetAvailability', data: { slots: everyDay('19:30') } });
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
    // Night slots are marked, in the list and in the button's name; the Berlin teacher's 18:00 is not.
    const night = page.getByRole('region', { name: `Book a lesson with ${nightTeacherName}` });
    await expect(night.getByRole('button', { name: /^Book / }).first()).toHaveAccessibleName(
      new RegExp(`^Book .* with ${nightTeacherName} \\(night in your time zone\\)$`),
    );
    await expect(night.getByText('Night in your time zone').first()).toBeVisible();
    await expect(teacher.getByText('Night in your time zone')).toHaveCount(0);

    // Tomorrow's slot or later (more than 24 h ahead, so it stays cancellable).
    const slot = teacher.getByRole('button', { name: /^Book / }).nth(2);
    const label = (await slot.textContent())!;
    const mine = page.getByRole('region', { name: 'Your lessons' });
    // One tap only asks: what, when in the drummer's zone, with whom. "Back" books nothing.
    await slot.click();
    const dialog = page.getByRole('dialog', { name: 'Book this lesson?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      new RegExp(
        `A 45-minute online lesson with ${teacherName} on \\w+day, \\d{1,2} \\w+ \\d{4} at 18:00 in your time zone \\(Europe/Berlin\\)\\.`,
      ),
    );
    await expect(dialog).toContainText('You can cancel it up to 24 hours before it starts.');
    await expect(dialog.getByText('Night in your time zone')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/teacher-lessons-confirm-${width}.png` });
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(mine).toContainText('No lesson booked yet.');
    // A night slot's confirmation says so.
    await night
      .getByRole('button', { name: /^Book / })
      .first()
      .click();
    await expect(dialog).toContainText(
      'Night in your time zone: this lesson is outside 07:00-22:00 where you are.',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await slot.click();
    await dialog.getByRole('button', { name: 'Book lesson' }).click();
    await expect(page.getByRole('status')).toContainText(`Booked: ${label} with ${teacherName}.`);
    await expect(mine).toContainText(`${label} with ${teacherName} (45 min)`);
    // Where it happens: the teacher's meeting link, on the page...
    await expect(mine.getByRole('link', { name: meetingLink })).toHaveAttribute('href', meetingLink);
    await expect(mine).toContainText(`Join the lesson here: ${meetingLink}`);
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/teacher-lessons-${width}.png`, fullPage: true });

    // ...in both mails, and in their calendar files as LOCATION and URL.
    for (const to of [account.email, teacherEmail]) {
      const mail = await waitForMail(serverDataDir(), to, /^Teacher lesson booked/);
      expect(mail.text, to).toContain(`Join the lesson here: ${meetingLink}`);
      const ics = mail.attachments
        .find((attachment) => attachment.filename === 'stickwork-lesson.ics')!
        .content.toString('utf8')
        .replace(/\r?\n[ \t]/g, '');
      expect(ics, to).toMatch(new RegExp(`^LOCATION:${meetingLink}\\r?$`, 'm'));
      expect(ics, to).toMatch(new RegExp(`^URL:${meetingLink}\\r?$`, 'm'));
    }
    // The teacher's mail gives what a teacher can use, not the drummer's page.
    const teacherMail = await waitForMail(serverDataDir(), teacherEmail, /^Teacher lesson booked/);
    expect(teacherMail.text).not.toContain('/teacher-lessons');

    // Cancelling asks too: "Keep lesson" keeps it.
    await mine.getByRole('button', { name: 'Cancel lesson' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this lesson?' });
    await expect(cancel).toContainText(`Your 45-minute online lesson with ${teacherName} on`);
    await expect(cancel).toContainText(
      `${teacherName} is told by mail, and you can book another lesson this quarter.`,
    );
    await expectNoSeriousA11yViolations(page);
    await cancel.getByRole('button', { name: 'Keep lesson' }).click();
    await expect(cancel).toHaveCount(0);
    await expect(mine).toContainText(`${label} with ${teacherName} (45 min)`);
    await mine.getByRole('button', { name: 'Cancel lesson' }).click();
    await cancel.getByRole('button', { name: 'Cancel lesson' }).click();
    await expect(page.getByRole('status')).toContainText('Your lesson is cancelled');
    await expect(mine).toContainText('No lesson booked yet.');
  });
}
