import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerDecider,
  customerEventSchemaVersions,
  customerStreamId,
  handleCommand,
  remindersStreamId,
  type CustomerCommand,
} from '@stickwork/domain';
import { mailsTo } from '../accounts/testing/account-fixtures.js';
import { createBackend } from '../backend.js';
import { loadConfig } from '../config.js';
import {
  practiseAndRecordActivity,
  registerDrummer,
  startPracticeServer,
  type Drummer,
  type PracticeTestServer,
} from '../practice/testing/practice-fixtures.js';
import { sendDueReminders } from './practice-reminders.js';
import { INVALID_UNSUBSCRIBE_LINK } from './reminders-router.js';

// Monday 2026-03-16, 16:30 UTC: 17:30 in Berlin.
const START = '2026-03-16T16:30:00.000Z';
const BERLIN = { headers: { 'time-zone': 'Europe/Berlin' } };

let server: PracticeTestServer;
beforeAll(async () => {
  server = await startPracticeServer(START);
});
afterAll(() => server.close());

const verify = (customerId: string) =>
  handleCommand(
    server.backend.store,
    customerStreamId(customerId),
    customerDecider,
    customerEventSchemaVersions,
    {
      type: 'VerifyEmail',
      data: {},
      metadata: { now: server.now() },
    } as CustomerCommand,
  );

/** A verified drummer whose zone is pinned to Berlin and who opted in for Mondays at 18:00. */
const optedIn = async (settings = { enabled: true, days: [1], hour: 18 }) => {
  server.setNow(START);
  const drummer = await registerDrummer(server);
  await verify(drummer.customerId);
  const response = await drummer.api.request('PUT', '/api/reminders', settings, BERLIN);
  expect(response.status, response.text).toBe(200);
  return drummer;
};

const remindersTo = async (customerId: string) => {
  const { email } = server.backend.readModels.get<{ email: string }>('customer_directory', customerId)!;
  const mails = await mailsTo(server.backend.config.dataDir, email);
  return mails.filter((mail) => mail.subject === 'Time for your drum practice');
};
const sentEvents = async (customerId: string) =>
  (await server.backend.store.readStream(remindersStreamId(customerId))).filter(
    (e) => e.type === 'PracticeReminderSent',
  );

const MONDAY_1805_BERLIN = '2026-03-16T17:05:00.000Z';

/** The unsubscribe link of the reminder mailed to an opted-in drummer at a Monday 18:05 (Berlin). */
const unsubscribeLinkOf = async (customerId: string, monday = MONDAY_1805_BERLIN) => {
  server.setNow(monday);
  await sendDueReminders(server.backend);
  const mail = (await remindersTo(customerId)).at(-1)!;
  const line = mail.headerLines.find((header) => header.key === 'list-unsubscribe')!.line;
  return /<(http[^>]+)>/.exec(line)![1]!;
};
/** A link that no longer works: its POST stops nothing, its page says why and where to go instead. */
const expectRefused = async (link: string, title: string, message: string) => {
  const oneClick = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
  expect(oneClick.status).toBe(410);
  expect(await oneClick.json()).toEqual({ message: expect.stringContaining(message) });
  const page = await fetch(link);
  expect(page.status).toBe(410);
  const html = await page.text();
  expect(html).toContain(`<h1>${title}</h1>`);
  expect(html).toContain('<a href="/account-settings">Manage reminders in account settings</a>');
  expect(html).not.toContain('<form');
};
const localUrl = (link: string) => link.replace(server.backend.config.publicUrl, server.url);
/** From the read model: the drummer's login may have expired by a later test clock. */
const remindersOn = (drummer: Drummer) =>
  server.backend.readModels.get<{ enabled: boolean }>('practice_reminders', drummer.customerId)?.enabled;

describe('practice reminders', () => {
  it('are off by default; settings are validated and kept', async () => {
    const drummer = await registerDrummer(server);
    expect((await drummer.api.get('/api/reminders', BERLIN)).json).toEqual({
      enabled: false,
      days: [1, 3, 5],
      hour: 18,
      timeZone: 'Europe/Berlin',
    });
    for (const body of [
      { enabled: true, days: [], hour: 18 },
      { enabled: true, days: [0], hour: 18 },
      { enabled: true, days: [1], hour: 24 },
      { enabled: 'yes', days: [1], hour: 18 },
      {},
    ]) {
      const response = await drummer.api.request('PUT', '/api/reminders', body, BERLIN);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const saved = await drummer.api.request(
      'PUT',
      '/api/reminders',
      { enabled: true, days: [5, 2], hour: 7 },
      BERLIN,
    );
    expect(saved.json).toEqual({ enabled: true, days: [2, 5], hour: 7, timeZone: 'Europe/Berlin' });
  });

  it('go out once at the chosen hour in the customer zone, also across two processes and a restart', async () => {
    const drummer = await optedIn();
    // 17:30 in Berlin: not yet.
    await sendDueReminders(server.backend);
    expect(await sentEvents(drummer.customerId)).toHaveLength(0);

    server.setNow('2026-03-16T17:05:00.000Z'); // 18:05 in Berlin
    // A second process on the same DATA_DIR, and the server, sweep at the same moment.
    const second = await createBackend(loadConfig({ DATA_DIR: server.backend.config.dataDir, PORT: '0' }), {
      clock: () => server.now(),
      logger: server.backend.logger,
    });
    // Its read models are the server's (the same SQLite file), already up to date.
    try {
      await Promise.all([
        sendDueReminders(server.backend),
        sendDueReminders(second),
        sendDueReminders(server.backend),
      ]);
      // "After a restart": another sweep later in the window.
      server.setNow('2026-03-16T18:30:00.000Z');
      await sendDueReminders(second);
      await sendDueReminders(server.backend);
    } finally {
      await second.close();
    }
    expect(await sentEvents(drummer.customerId)).toHaveLength(1);
    const mails = await remindersTo(drummer.customerId);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line ?? '';
    const unsubscribe = /^List-Unsubscribe:\s*<(http[^>]+)>$/i.exec(header('list-unsubscribe'))![1]!;
    expect(header('list-unsubscribe-post')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/i);
    expect(mail.text).toContain(unsubscribe);

    // The link works without a login: its GET only asks (a mail scanner following it changes
    // nothing); a mail program's RFC 8058 one-click POST turns reminders off; then nothing more is sent.
    const path = unsubscribe.replace(server.backend.config.publicUrl, '');
    const page = await fetch(`${server.url}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop practice reminders');
    expect((await drummer.api.get('/api/reminders', BERLIN)).json).toMatchObject({ enabled: true });
    const oneClick = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({
      message: expect.stringContaining('You will get no more practice reminders'),
    });
    expect((await drummer.api.get('/api/reminders', BERLIN)).json).toMatchObject({ enabled: false });
    server.setNow('2026-03-23T17:05:00.000Z'); // next Monday 18:05
    await sendDueReminders(server.backend);
    expect(await sentEvents(drummer.customerId)).toHaveLength(1);
  });

  it('skip a day already practised, a day not chosen and an unconfirmed address', async () => {
    const practised = await optedIn();
    const response = await practiseAndRecordActivity(
      server,
      practised,
      20,
      { countLessonsPracticed: 1, practiceDurationMinutes: 20 },
      BERLIN,
    );
    expect(response.status).toBe(201);
    const tuesdays = await optedIn({ enabled: true, days: [2], hour: 18 });
    server.setNow(START);
    const unverified = await registerDrummer(server);
    await unverified.api.request('PUT', '/api/reminders', { enabled: true, days: [1], hour: 18 }, BERLIN);
    server.setNow('2026-03-16T17:05:00.000Z');
    await sendDueReminders(server.backend);
    for (const drummer of [practised, tuesdays, unverified])
      expect(await sentEvents(drummer.customerId)).toHaveLength(0);
  });

  it('are erased with the account: the stream and the read model', async () => {
    const drummer = await optedIn();
    expect(server.backend.readModels.get('practice_reminders', drummer.customerId)).toBeDefined();
    expect((await drummer.api.delete('/api/delete/account')).status).toBe(200);
    expect(await server.backend.store.readStream(remindersStreamId(drummer.customerId))).toEqual([]);
    expect(server.backend.readModels.get('practice_reminders', drummer.customerId)).toBeUndefined();
  });

  it('refuse a forged or altered unsubscribe link with a 400', async () => {
    const drummer = await optedIn();
    const genuine = new URL(await unsubscribeLinkOf(drummer.customerId)).searchParams.get('secret')!;
    const [payload, signature] = genuine.split('.') as [string, string];
    const otherPayload = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString('utf8')
        .replace(/\n\d+$/, `\n${Date.now()}`),
    ).toString('base64url');
    // The former format: the customer id and its HMAC, never expiring.
    const key = createHmac('sha256', server.backend.jwtSecret).update('reminder-unsubscribe').digest();
    const formerFormat = `${Buffer.from(drummer.customerId).toString('base64url')}.${createHmac('sha256', key)
      .update(drummer.customerId)
      .digest('base64url')}`;
    for (const secret of [
      '',
      'abc',
      `${Buffer.from(drummer.customerId).toString('base64url')}.AAAA`,
      'a.b.c',
      `${otherPayload}.${signature}`,
      formerFormat,
    ]) {
      const response = await fetch(
        `${server.url}/api/reminders/unsubscribe?secret=${encodeURIComponent(secret)}`,
        {
          method: 'POST',
        },
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: INVALID_UNSUBSCRIBE_LINK });
    }
    expect((await drummer.api.get('/api/reminders', BERLIN)).json).toMatchObject({ enabled: true });
  });
  it("an unsubscribe link's GET shows a page whose button POSTs the link; the browser gets the confirmation page", async () => {
    const drummer = await optedIn();
    const link = localUrl(await unsubscribeLinkOf(drummer.customerId));
    const page = await fetch(link, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Stop practice reminders?</h1>');
    const form =
      /<form method="post" action="([^"]+)"><button type="submit">Stop practice reminders<\/button><\/form>/.exec(
        html,
      );
    expect(form).not.toBeNull();
    // A scanner may GET it as often as it likes.
    await fetch(link);
    expect(remindersOn(drummer)).toBe(true);

    const action = new URL(form![1]!.replaceAll('&#38;', '&'), server.url).toString();
    const confirmed = await fetch(action, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('<h1>Practice reminders stopped</h1>');
    expect(remindersOn(drummer)).toBe(false);
    // The link again: nothing more to do.
    expect(await (await fetch(link)).text()).toContain('<h1>Practice reminders are off</h1>');
  });

  it('refuse a link from before a new opt-in: it stops nothing, and its page says so and where to manage reminders', async () => {
    const drummer = await optedIn();
    const earlier = localUrl(await unsubscribeLinkOf(drummer.customerId));
    // Off in account settings, then on again: a new opt-in.
    for (const enabled of [false, true]) {
      const response = await drummer.api.request(
        'PUT',
        '/api/reminders',
        { enabled, days: [1], hour: 18 },
        BERLIN,
      );
      expect(response.status).toBe(200);
    }
    await expectRefused(earlier, 'This link no longer works', 'no longer stops them');
    expect(remindersOn(drummer)).toBe(true);

    // A link mailed for the new opt-in works.
    const latest = localUrl(await unsubscribeLinkOf(drummer.customerId, '2026-03-23T17:05:00.000Z'));
    expect((await fetch(latest, { method: 'POST' })).status).toBe(200);
    expect(remindersOn(drummer)).toBe(false);
  });

  it('refuse a link older than 90 days', async () => {
    const drummer = await optedIn();
    const link = localUrl(await unsubscribeLinkOf(drummer.customerId));
    const mailed = Date.parse(MONDAY_1805_BERLIN);
    server.setNow(new Date(mailed + 89 * 86_400_000));
    expect(await (await fetch(link)).text()).toContain('<h1>Stop practice reminders?</h1>');
    server.setNow(new Date(mailed + 91 * 86_400_000));
    await expectRefused(link, 'This link has expired', 'works for 90 days');
    expect(remindersOn(drummer)).toBe(true);
  });
});
