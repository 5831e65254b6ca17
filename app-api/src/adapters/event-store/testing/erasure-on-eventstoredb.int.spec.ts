/**
 * Erasure on EventStoreDB without an operator step: the in-process test server keeps
 * the bytes of deleted streams in its log, as a real server does until a scavenge. After
 * DELETE /api/delete/account those bytes hold no personal data in plaintext, and the key that
 * sealed it is gone from the key store beside the server, so nothing can open them again.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { customerStreamId, type RecordedEvent } from '@stickwork/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.js';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  PASSWORD,
  registerCustomer,
  uniqueEmail,
} from '../../../accounts/testing/account-fixtures.js';
import { issueNewsletterSecret } from '../../../newsletter/newsletter-secret.js';
import { READ_MODELS_FILE_NAME } from '../open-event-store.js';
import {
  createPersonalDataCodec,
  ENCRYPTED_FIELD_SCHEME,
  ERASED_PERSONAL_DATA,
} from '../../personal-data-keys/personal-data-codec.js';
import {
  createSqlitePersonalDataKeys,
  PERSONAL_DATA_KEYS_TABLE,
} from '../../personal-data-keys/sqlite-personal-data-keys.js';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server.js';
import type { LoggedEvent } from './esdb-test-log.js';

const fromUtf8 = new TextDecoder();

let esdb: EsdbTestServer;
let app: TestServer;
beforeAll(async () => {
  esdb = await startEsdbTestServer();
  app = await startTestServer({ EVENTSTORE_CONNECTION_STRING: esdb.connectionString });
});
afterAll(async () => {
  await app?.close();
  await esdb?.close();
});

/** Every event the server's log still holds for a stream, deleted or not (no scavenge ran). */
const logged = (streamId: string): LoggedEvent[] =>
  esdb.log.allEvents.filter((event) => event.streamId === streamId);

/** All the bytes the log holds: stream names, data and metadata of every event, system ones too. */
const logText = () =>
  esdb.log.allEvents
    .map(
      (event) =>
        `${event.streamId}\n${fromUtf8.decode(event.data)}\n${fromUtf8.decode(event.customMetadata)}`,
    )
    .join('\n');

/** A logged event as the port would hand it out, to open it with the key store's keys. */
const asRecorded = (event: LoggedEvent): RecordedEvent => ({
  id: event.id,
  streamId: event.streamId,
  type: event.type,
  data: JSON.parse(fromUtf8.decode(event.data)) as unknown,
  metadata: { schemaVersion: 1, time: '' },
  revision: Number(event.revision),
  position: Number(event.position),
});

const keyRows = (streamIds: string[]) => {
  const db = new Database(path.join(app.dataDir, READ_MODELS_FILE_NAME), { readonly: true });
  try {
    return db
      .prepare<string[], string>(
        `SELECT stream_id FROM ${PERSONAL_DATA_KEYS_TABLE} WHERE stream_id IN (${streamIds.map(() => '?').join(', ')})`,
      )
      .pluck()
      .all(...streamIds);
  } finally {
    db.close();
  }
};

/** Opens logged events with the key store as it is now (its own read-only connection). */
const openWithKeyStore = async (events: LoggedEvent[]) => {
  const db = new Database(path.join(app.dataDir, READ_MODELS_FILE_NAME), { readonly: true });
  try {
    return await createPersonalDataCodec(createSqlitePersonalDataKeys(db, { readonly: true })).openAll(
      events.map(asRecorded),
    );
  } finally {
    db.close();
  }
};

describe('erasure on EventStoreDB (crypto-shredding, no scavenge)', () => {
  it('leaves the deleted events in the log, with no email or name readable and their key gone', async () => {
    const marker = crypto.randomUUID().slice(0, 8);
    const email = uniqueEmail(`shred.${marker}`);
    const firstname = `Zildjianna${marker}`;
    const lastname = `Paistewicz${marker}`;
    const api = apiClient(app, { ip: nextClientIp() });
    const { token } = await registerCustomer(api, { email, firstname, lastname });
    const customerId = decodeJwtPayload(token).customerId as string;
    const secret = await issueNewsletterSecret(app.backend.jwtSecret, email, app.backend.clock());
    const confirmed = await fetch(`${app.url}/api/newsletter/confirm?secret=${encodeURIComponent(secret)}`, {
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);

    const personalStreams = [customerStreamId(customerId), app.backend.reservations.newsletter(email)];
    const needles = [email, email.toUpperCase(), firstname, lastname];

    // Before: the app reads the data back (and logs in with the sealed hash); the log holds only ciphertext.
    const [registered] = await app.backend.store.readStream(customerStreamId(customerId));
    expect(registered?.data).toMatchObject({ email, firstname, lastname });
    expect((await api.post('/api/authenticate', { email, password: PASSWORD })).status).toBe(200);
    const [rawRegistration] = logged(customerStreamId(customerId));
    expect(JSON.parse(fromUtf8.decode(rawRegistration!.data))).toMatchObject({
      email: { $encrypted: ENCRYPTED_FIELD_SCHEME },
      firstname: { $encrypted: ENCRYPTED_FIELD_SCHEME },
    });
    expect(keyRows(personalStreams).sort()).toEqual([...personalStreams].sort());

    expect((await api.delete('/api/delete/account', { token })).status).toBe(200);

    // After: the server still holds the deleted streams' events, as before any scavenge...
    for (const streamId of personalStreams) expect(logged(streamId).length, streamId).toBeGreaterThan(0);
    expect(await app.backend.store.readStream(customerStreamId(customerId))).toEqual([]);
    // ...but no byte of its log shows the address or the names, and their keys are gone.
    const text = logText();
    for (const needle of needles) expect(text, needle).not.toContain(needle);
    expect(text.toLowerCase()).not.toContain(email.toLowerCase());
    expect(keyRows(personalStreams)).toEqual([]);
    // Whoever reads the surviving bytes, with the app's own key store, gets the marker.
    // The customer stream is tombstoned (the erasure's fence: the server takes no append to it again).
    expect(logged(customerStreamId(customerId)).at(-1)?.type).toBe('$streamDeleted');
    const reopened = await openWithKeyStore(
      personalStreams.flatMap(logged).filter((event) => !event.type.startsWith('$')),
    );
    const fields = reopened.flatMap((event) => Object.values(event.data as Record<string, unknown>));
    expect(fields).toContain(ERASED_PERSONAL_DATA);
    for (const needle of needles) expect(JSON.stringify(reopened)).not.toContain(needle);
  });
});
