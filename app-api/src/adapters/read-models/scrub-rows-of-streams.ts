import type { Database } from 'better-sqlite3';
import { customerStreamIds, tablesOfCustomerStreams } from '@stickwork/projections';

/**
 * Erasure's scrub of the tables keyed by a customer's streams (`rows-of-streams` in
 * CUSTOMER_DATA_TABLES: snapshots, parked events): deletes their rows of every stream of the
 * customer, in one transaction, in the tables this SQLite file has. The registry is the list, so a
 * table registered there is scrubbed without a change here.
 */
export const createRowsOfStreamsScrub = (database: Database): ((customerId: string) => void) => {
  // IMMEDIATE: it reads the schema before it deletes, and a deferred transaction that read first
  // cannot take the write lock once another worker has written (SQLITE_BUSY without waiting).
  const scrub = database.transaction((customerId: string) => {
    const present = new Set(
      database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[],
    );
    const streams = JSON.stringify(customerStreamIds(customerId));
    for (const { table, column } of tablesOfCustomerStreams())
      if (present.has(table))
        database
          .prepare(`DELETE FROM "${table}" WHERE "${column}" IN (SELECT value FROM json_each(?))`)
          .run(streams);
  });
  return (customerId) => scrub.immediate(customerId);
};
