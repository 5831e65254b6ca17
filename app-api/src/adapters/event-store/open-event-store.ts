import path from 'node:path';
import type { EventStore } from '@stickwork/domain';
import type { Config } from '../../config.js';
import { openSqliteEventStore } from './sqlite-event-store.js';
import { connectEventStoreDb } from './eventstoredb-event-store.js';

export const SQLITE_FILE_NAME = 'stickwork.sqlite';

export const sqliteFileIn = (dataDir: string): string => path.join(dataDir, SQLITE_FILE_NAME);

/** EventStoreDB when a connection string is configured, otherwise the embedded SQLite file. */
export const openEventStore = async (
  config: Pick<Config, 'dataDir' | 'eventStoreConnectionString'>,
  options: { readonly?: boolean } = {},
): Promise<EventStore> =>
  config.eventStoreConnectionString
    ? connectEventStoreDb(config.eventStoreConnectionString)
    : openSqliteEventStore({ file: sqliteFileIn(config.dataDir), readonly: options.readonly ?? false });
