import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend.js';
import { loadConfig } from '../../../config.js';
import { describeStartupFailure } from '../../../startup-error.js';
import { startTestServer, type TestServer } from '../../../testing/test-server.js';
import { apiClient, nextClientIp, registerCustomer } from '../../../accounts/testing/account-fixtures.js';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server.js';

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

describe('a host whose key store is lost, beside EventStoreDB', () => {
  it('refuses to start rather than read every customer as erased, naming the file and the remedy', async () => {
    await registerCustomer(apiClient(app, { ip: nextClientIp() }));
    // Another DATA_DIR on the same log: its read-models.sqlite (and the keys in it) is new, i.e. empty.
    const lost = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-lost-keys-'));
    try {
      const line = await createBackend(
        loadConfig({
          DATA_DIR: lost,
          EVENTSTORE_CONNECTION_STRING: esdb.connectionString,
          LOG_LEVEL: 'silent',
        }),
        { logger: pino({ level: 'silent' }) },
      ).then(
        async (backend) => {
          await backend.close();
          return null;
        },
        (error: unknown) => describeStartupFailure(error),
      );
      expect(line).toBe(
        'Stickwork could not start: personal-data keys missing: the event store holds sealed personal data ' +
          'but the key store in DATA_DIR/read-models.sqlite is empty; restore that file from a backup, or point ' +
          'DATA_DIR at the right directory (hosts on one event store share their keys through DATABASE_URL)',
      );
    } finally {
      fs.rmSync(lost, { recursive: true, force: true });
    }
  });
});
