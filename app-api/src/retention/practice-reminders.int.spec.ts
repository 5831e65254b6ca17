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
  registerDrummer,
  startPracticeServer,
  type PracticeTestServer,
} from '../practice/testing/practice-fixtures.js';
import { sendDueReminders } from './practice-reminders.js';
import { INVALID_UNSUBSCRIBE_LINK } from './retention-router.js';

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

    // The link works without a login, once is enough, and then nothing more is sent.
    const path = unsubscribe.replace(server.backend.config.publicUrl, '');
    const page = await fetch(`${server.url}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You will get no more practice reminders');
    expect((await drummer.api.get('/api/reminders', BERLIN)).json).toMatchObject({ enabled: false });
    const oneClick = await fetch(`${server.url}${path}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    server.setNow('2026-03-23T17:05:00.000Z'); // next Monday 18:05
    await sendDueReminders(server.backend);
    expect(await sentEvents(drummer.customerId)).toHaveLength(1);
  });

  it('skip a day already practised, a day not chosen and an unconfirmed address', async () => {
    const practised = await optedIn();
    const response = await practised.api.post(
      '/api/practiceActivity',
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
    for (const secret of [
      '',
      'abc',
      `${Buffer.from(drummer.customerId).toString('base64url')}.AAAA`,
      'a.b.c',
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
});
