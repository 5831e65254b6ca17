import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerStreamId,
  erasureStreamId,
  getCatalogue,
  practiceDecider,
  practiceEventSchemaVersions,
  practiceStreamId,
  loadState,
} from '@stickwork/domain';
import { lessonHistoryModelsOf, timingPositionsProjection } from '@stickwork/projections';
import Database from 'better-sqlite3';
import { createSqliteSnapshotStore } from '../adapters/snapshots/sqlite-snapshot-store.js';
import { lateSnareTake } from '../practice/testing/practice-fixtures.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import {
  apiClient,
  decodeJwtPayload,
  linkIn,
  mailsTo,
  nextClientIp,
  PASSWORD,
  registerCustomer,
  type ApiClient,
} from './testing/account-fixtures.js';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server, { ip: nextClientIp() });
});
afterAll(() => server.close());

const time = () => new Date().toISOString();
const meta = () => ({ schemaVersion: 1, time: time() });

/** Every file under DATA_DIR, the mail outbox included, recursively. */
const storeFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return storeFiles(full);
    return entry.isFile() ? [full] : [];
  });

/** Which of the needles appear, as UTF-8, in any of the files (SQLite database, WAL, outbox, secrets, ...). */
const findInDataDir = (needles: string[]): string[] => {
  const contents = storeFiles(server.dataDir).map((file) => fs.readFileSync(file));
  return needles.filter((needle) => contents.some((bytes) => bytes.includes(Buffer.from(needle, 'utf8'))));
};

const startSubscription = (customerId: string) =>
  server.backend.store.appendToStream(customerStreamId(customerId), [
    {
      type: 'SubscriptionStarted',
      data: {
        tier: 'premium',
        period: 'monthly',
        status: 'active',
        currentPeriodEnd: '2099-05-01T00:00:00.000Z',
        startedAt: time(),
      },
      metadata: meta(),
    },
  ]);

const ratePractice = (customerId: string) =>
  server.backend.store.appendToStream(practiceStreamId(customerId), [
    {
      type: 'SkillsSelfRated',
      data: { ratings: [{ skill: 'hand_speed', level: 'advanced' }] },
      metadata: meta(),
    },
  ]);

/** Signs up for the newsletter through its double opt-in, which records the address. */
const subscribeToNewsletter = async (email: string) => {
  expect((await api.post('/api/newsletter', { email })).status).toBe(202);
  const mail = (await mailsTo(server.dataDir, email)).find((m) => /newsletter/i.test(m.subject ?? ''))!;
  const link = linkIn(mail);
  const confirmed = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  expect(confirmed.status).toBe(303);
  expect(await server.backend.store.readStream(server.backend.reservations.newsletter(email))).toHaveLength(
    1,
  );
};

describe('DELETE /api/delete/account', () => {
  it('erases the customer so that no byte of the email or names stays under DATA_DIR', async () => {
    const marker = randomUUID().slice(0, 8);
    const firstname = `Zildjianna${marker}`;
    const lastname = `Paistewicz${marker}`;
    const { email, token } = await registerCustomer(api, {
      email: `erase.me.${marker}@example.com`,
      firstname,
      lastname,
    });
    const customerId = decodeJwtPayload(token).customerId as string;
    // A life worth erasing: verified, a password recovery, a subscription and practice history.
    const [verificationMail] = await mailsTo(server.dataDir, email);
    await api.get(`/api/verify/email?secret=${linkIn(verificationMail!).searchParams.get('secret')!}`);
    await api.get(`/api/pw-recovery?email=${encodeURIComponent(email)}`);
    await startSubscription(customerId);
    await ratePractice(customerId);
    // A take the timing coach scored: its lesson history, figures per position and tempo plan.
    const lessonId = getCatalogue().find((lesson) => lesson.type === 'exercise')!.lesson_id;
    const take = await api.post('/api/lesson/timing', lateSnareTake(lessonId, 'play-1'), { token });
    expect(take.status).toBe(201);
    const { readModels } = server.backend;
    expect(readModels.get(timingPositionsProjection.name, customerId)).toBeDefined();
    expect(lessonHistoryModelsOf(readModels, customerId)).not.toEqual([]);
    await subscribeToNewsletter(email);
    // The scan can see them before.
    expect(findInDataDir([email, firstname, lastname])).toEqual([email, firstname, lastname]);
    // The practice stream's decision-state snapshot, as the server persists it after enough commands.
    const sqlite = new Database(path.join(server.dataDir, 'stickwork.sqlite'));
    const snapshots = createSqliteSnapshotStore(sqlite);
    const [lastPractice] = (await server.backend.store.readStream(practiceStreamId(customerId))).slice(-1);
    await snapshots.save({
      streamId: practiceStreamId(customerId),
      revision: lastPractice!.revision,
      lastEventId: lastPractice!.id,
      schemaVersion: 1,
      state: {},
    });

    const response = await api.delete('/api/delete/account', { token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: 'Your account and all its data have been deleted.' });

    expect(findInDataDir([email, email.toLowerCase(), firstname, lastname])).toEqual([]);
    const { store } = server.backend;
    expect(await store.readStream(customerStreamId(customerId))).toEqual([]);
    expect(await store.readStream(server.backend.reservations.email(email))).toEqual([]);
    expect(await store.readStream(practiceStreamId(customerId))).toEqual([]);
    expect(await store.readStream(server.backend.reservations.newsletter(email))).toEqual([]);
    expect(await snapshots.load(practiceStreamId(customerId))).toBeUndefined();
    sqlite.close();
    expect(readModels.get(timingPositionsProjection.name, customerId)).toBeUndefined();
    expect(lessonHistoryModelsOf(readModels, customerId)).toEqual([]);
    const markers = await store.readStream(erasureStreamId(customerId));
    expect(markers.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'CustomerErased', data: { customerId, erasedAt: expect.any(String) } },
    ]);

    const login = await api.post('/api/authenticate', { email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(login.text).toBe('Email or password is wrong.');
    expect((await api.get('/api/customer-info', { token })).status).toBe(401);
    expect((await api.delete('/api/delete/account', { token })).status).toBe(401);
    // Recovery answers as for any address; its mail says no account uses it.
    expect((await api.get(`/api/pw-recovery?email=${encodeURIComponent(email)}`)).status).toBe(200);
    expect((await mailsTo(server.dataDir, email)).at(-1)?.text).toContain('no Stickwork account uses it');
  });

  it('frees the email: it can register again, as a new customer', async () => {
    const first = await registerCustomer(api);
    expect((await api.delete('/api/delete/account', { token: first.token })).status).toBe(200);
    const again = await api.post('/api/register', { ...first, token: undefined, firstname: 'Again' });
    expect(again.status).toBe(201);
    const claims = decodeJwtPayload((again.json as { token: string }).token);
    expect(claims.customerId).not.toBe(decodeJwtPayload(first.token).customerId);
    expect(claims.firstname).toBe('Again');
    expect((await api.post('/api/authenticate', { email: first.email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('schedules the cancellation of a running subscription before erasing', async () => {
    const { token } = await registerCustomer(api);
    const customerId = decodeJwtPayload(token).customerId as string;
    await startSubscription(customerId);
    // The customer stream is gone afterwards; the global log of this test run shows the steps.
    const before = (await server.backend.store.stats()).lastPosition ?? 0;
    const seen: string[] = [];
    const subscription = server.backend.store.subscribeToAll({ after: before });
    const collecting = (async () => {
      for await (const event of subscription) {
        if (event.streamId === customerStreamId(customerId) || event.streamId === erasureStreamId(customerId))
          seen.push(event.type);
        if (event.type === 'CustomerErased') break;
      }
    })();
    expect((await api.delete('/api/delete/account', { token })).status).toBe(200);
    await collecting;
    await subscription.unsubscribe();
    expect(seen).toEqual(['SubscriptionCancellationScheduled', 'CustomerErasureRequested', 'CustomerErased']);
  });
});

describe('DELETE /api/delete/customer-data', () => {
  it('resets the practice history and keeps the account', async () => {
    const { email, token } = await registerCustomer(api);
    const customerId = decodeJwtPayload(token).customerId as string;
    await ratePractice(customerId);
    const practiceState = () =>
      loadState(
        server.backend.store,
        practiceStreamId(customerId),
        practiceDecider,
        practiceEventSchemaVersions,
      );
    expect((await practiceState()).levels.hand_speed).toBe('advanced');

    const response = await api.delete('/api/delete/customer-data', { token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: 'Your practice history has been deleted.' });
    expect((await practiceState()).levels.hand_speed).toBe('level not set');
    expect((await practiceState()).selfRated).toBe(false);
    expect((await api.get('/api/customer-info', { token })).json).toMatchObject({ email });
    expect((await api.post('/api/authenticate', { email, password: PASSWORD })).status).toBe(200);
  });
});
