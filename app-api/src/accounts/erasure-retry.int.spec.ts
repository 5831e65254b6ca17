import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStreamId, practiceStreamId, type EventStore } from '@stickwork/domain';
import { sqliteFileIn } from '../adapters/event-store/open-event-store.js';
import { ERASED_PERSONAL_DATA } from '../adapters/personal-data-keys/personal-data-codec.js';
import { createSqlitePersonalDataKeys } from '../adapters/personal-data-keys/sqlite-personal-data-keys.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { eraseAccount } from './erasure.js';
import {
  apiClient,
  decodeJwtPayload,
  nextClientIp,
  registerCustomer,
  registration,
} from './testing/account-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('an erasure cut short after the customer’s key is gone', () => {
  it('leaves nothing readable, and run again it completes: the streams go and the email is free', async () => {
    const api = apiClient(server, { ip: nextClientIp() });
    const { token, email } = await registerCustomer(api);
    const customerId = decodeJwtPayload(token).customerId as string;
    const stream = customerStreamId(customerId);

    // The process dies inside the shredding seam's tombstoneStream of the customer stream: after the
    // key (deleted and recorded, as the seam does first), before the stream.
    const keysDb = new Database(sqliteFileIn(server.dataDir));
    const keys = createSqlitePersonalDataKeys(keysDb);
    const store: EventStore = {
      ...server.backend.store,
      tombstoneStream: async (streamId) => {
        if (streamId !== stream) return server.backend.store.tombstoneStream(streamId);
        await keys.forget(streamId);
        throw new Error('the process died here');
      },
    };
    await expect(eraseAccount({ ...server.backend, store }, customerId)).rejects.toThrow(
      'the process died here',
    );
    keysDb.close();

    const [left] = await server.backend.store.readStream(stream);
    expect(left?.data).toMatchObject({ email: ERASED_PERSONAL_DATA, firstname: ERASED_PERSONAL_DATA });

    await eraseAccount(server.backend, customerId);
    expect(await server.backend.store.readStream(stream)).toEqual([]);
    expect(await server.backend.store.readStream(practiceStreamId(customerId))).toEqual([]);
    // The reservation went in the first run, before the key: the address registers again.
    expect((await api.post('/api/register', registration({ email }))).status).toBe(201);
  });
});
