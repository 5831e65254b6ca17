import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@stickwork/domain';
import { createBackend, type Backend } from '../backend.js';
import { loadConfig } from '../config.js';
import { hashPassword } from '../auth/passwords.js';
import { HttpError } from '../http/http-error.js';
import { createNewsletterService } from '../newsletter/newsletter-service.js';
import { issueNewsletterSecret } from '../newsletter/newsletter-secret.js';
import { createAccountsService, type Registration } from './accounts-service.js';
import { eraseAccount } from './erasure.js';
import { moveReservationsToKeyedNames, RESERVATION_NAMES_MARKER } from './reservation-names-migration.js';
import {
  keyedReservationStreams,
  RESERVATION_SECRET_FILE,
  unkeyedReservationStreams,
} from './reservation-streams.js';

/**
 * The `email-` and `newsletter-` streams are named by an HMAC under a server secret, so
 * the log no longer confirms a guessed address; a store written with the unkeyed SHA-256 names is
 * moved to the keyed ones once, at start.
 */
/** A RESERVATION_SECRET of the strength start-up asks for (secret-strength.ts). */
const STRONG_SECRET = 'r8Vq2LxT0mZ4pWc7bN1sKf9dHj3yGa6u';
const dataDirs: string[] = [];
const opened: Backend[] = [];
afterEach(async () => {
  for (const backend of opened.splice(0)) await backend.close();
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const start = async (dataDir: string, environment: Record<string, string> = {}) => {
  const backend = await createBackend(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...environment }),
    { logger: pino({ level: 'silent' }) },
  );
  opened.push(backend);
  return backend;
};
const stop = async (backend: Backend) => {
  opened.splice(opened.indexOf(backend), 1);
  await backend.close();
};

/** The name an older server gave an address's reservation (unkeyed). */
const sha256Name = (category: string, email: string) =>
  `${category}-${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;

const PASSWORD = 'Paradiddle-42';
const registration = (email: string, passwordHash: string): Registration => ({
  email,
  firstname: 'Ringo',
  lastname: 'Starkey',
  country: 'GB',
  passwordHash,
  newsletterSubscription: true,
  dateTermsAndConditions: '2026-05-04T20:00:00.000Z',
});

const streamsOf = (events: RecordedEvent[]) => [...new Set(events.map((event) => event.streamId))].sort();
const logOf = async (backend: Backend) =>
  (await backend.store.readAll()).map(({ streamId, type, data }) => ({ streamId, type, data }));

/**
 * A store as today's code leaves it: two customers and a newsletter confirmation under the unkeyed
 * names (the services with `unkeyedReservationStreams`, the very digest they used), a reservation
 * left by a crash an hour ago, and neither a reservation secret nor a marker in DATA_DIR.
 */
const storeWrittenByTodaysCode = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-reservations-'));
  dataDirs.push(dataDir);
  const backend = await start(dataDir);
  const today = { ...backend, reservations: unkeyedReservationStreams };
  const accounts = createAccountsService(today);
  const passwordHash = await hashPassword(PASSWORD);
  const ringo = { customerId: randomUUID(), email: 'Ringo@Example.com' };
  const paul = { customerId: randomUUID(), email: 'paul@example.com' };
  for (const { customerId, email } of [ringo, paul])
    await accounts.registerWithoutMail(customerId, registration(email, passwordHash));
  const fan = 'fan@example.com';
  const secret = await issueNewsletterSecret(backend.jwtSecret, fan, backend.clock());
  expect(await createNewsletterService(today).confirm(secret)).toBe(true);
  const crashedAt = new Date(Date.now() - 3_600_000).toISOString();
  await backend.store.appendToStream(sha256Name('email', 'ghost@example.com'), [
    {
      type: 'EmailReserved',
      data: { customerId: randomUUID(), reservedAt: crashedAt },
      metadata: { schemaVersion: 1, time: crashedAt },
    },
  ]);
  await stop(backend);
  fs.rmSync(path.join(dataDir, RESERVATION_NAMES_MARKER));
  fs.rmSync(path.join(dataDir, 'secrets', RESERVATION_SECRET_FILE));
  const oldNames = [
    sha256Name('email', ringo.email),
    sha256Name('email', paul.email),
    sha256Name('newsletter', fan),
    sha256Name('email', 'ghost@example.com'),
  ];
  return { dataDir, ringo, paul, fan, passwordHash, oldNames };
};

describe('reservation stream names', () => {
  it('are a keyed digest: not the SHA-256 of the address, different under another secret', () => {
    const one = keyedReservationStreams('a'.repeat(32));
    const two = keyedReservationStreams('b'.repeat(32));
    expect(unkeyedReservationStreams.email(' Ringo@Example.com')).toBe(
      sha256Name('email', 'ringo@example.com'),
    );
    expect(one.email('ringo@example.com')).toMatch(/^email-[0-9a-f]{64}$/);
    expect(one.email('ringo@example.com')).not.toBe(sha256Name('email', 'ringo@example.com'));
    expect(one.newsletter('ringo@example.com')).not.toBe(sha256Name('newsletter', 'ringo@example.com'));
    expect(one.email(' RINGO@example.com ')).toBe(one.email('ringo@example.com'));
    expect(two.email('ringo@example.com')).not.toBe(one.email('ringo@example.com'));
    expect(one.keyId).not.toBe(two.keyId);
  });

  it('a store written by today’s code moves to keyed names at start; the email stays unique and logs in', async () => {
    const old = await storeWrittenByTodaysCode();
    const backend = await start(old.dataDir);

    const streams = streamsOf(await backend.store.readAll());
    for (const name of old.oldNames) {
      expect(streams).not.toContain(name);
      expect(await backend.store.readStream(name)).toEqual([]);
    }
    for (const { customerId, email } of [old.ringo, old.paul])
      expect((await backend.store.readStream(backend.reservations.email(email))).map((e) => e.data)).toEqual([
        { customerId, reservedAt: expect.any(String) as string },
      ]);
    expect((await backend.store.readStream(backend.reservations.newsletter(old.fan)))[0]?.data).toMatchObject(
      {
        email: old.fan,
      },
    );

    const accounts = createAccountsService(backend);
    const again = await accounts
      .registerWithoutMail(randomUUID(), registration('RINGO@example.COM', old.passwordHash))
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(HttpError);
    expect((again as HttpError).status).toBe(409);
    expect(await accounts.authenticate({ email: old.paul.email, password: PASSWORD })).toEqual(
      expect.any(String),
    );
    // The crashed reservation of nobody was released with its old name: the address registers.
    await accounts.registerWithoutMail(randomUUID(), registration('ghost@example.com', old.passwordHash));
  });

  it('moving twice changes nothing, whether the marker says so or the log is read again', async () => {
    const old = await storeWrittenByTodaysCode();
    let backend = await start(old.dataDir);
    const moved = await logOf(backend);
    await stop(backend);

    backend = await start(old.dataDir);
    expect(await logOf(backend)).toEqual(moved);
    fs.rmSync(path.join(old.dataDir, RESERVATION_NAMES_MARKER));
    const again = await moveReservationsToKeyedNames({
      store: backend.store,
      reservations: backend.reservations,
      dataDir: old.dataDir,
    });
    expect(again).toEqual({ reserved: 0, newsletters: 0, deleted: 0 });
    expect(await logOf(backend)).toEqual(moved);
  });

  it('a new secret (RESERVATION_SECRET set, or the file lost) moves them again; logins go on', async () => {
    const old = await storeWrittenByTodaysCode();
    await stop(await start(old.dataDir));
    const backend = await start(old.dataDir, { RESERVATION_SECRET: STRONG_SECRET });
    expect(backend.reservations.email(old.ringo.email)).toBe(
      keyedReservationStreams(STRONG_SECRET).email(old.ringo.email),
    );
    const accounts = createAccountsService(backend);
    expect(await accounts.authenticate({ email: old.ringo.email, password: PASSWORD })).toEqual(
      expect.any(String),
    );
    expect((await backend.store.readStream(backend.reservations.newsletter(old.fan))).length).toBe(1);
  });

  it('erasure deletes the reservation and newsletter streams by today’s names and any old-named leftover', async () => {
    const old = await storeWrittenByTodaysCode();
    const backend = await start(old.dataDir);
    backend.projections.start();
    // An old-named copy left behind (say, written by a server still on today's code).
    await backend.store.appendToStream(sha256Name('email', old.ringo.email), [
      {
        type: 'EmailReserved',
        data: { customerId: old.ringo.customerId, reservedAt: new Date().toISOString() },
        metadata: { schemaVersion: 1, time: new Date().toISOString() },
      },
    ]);
    await eraseAccount(backend, old.ringo.customerId);
    for (const name of [
      backend.reservations.email(old.ringo.email),
      sha256Name('email', old.ringo.email),
      backend.reservations.newsletter(old.ringo.email),
      sha256Name('newsletter', old.ringo.email),
    ])
      expect(await backend.store.readStream(name)).toEqual([]);
  });
});
