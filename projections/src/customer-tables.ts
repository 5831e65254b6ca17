import { CUSTOMER_STREAM_CATEGORIES } from '@stickwork/domain';

/**
 * How an erasure removes a customer's rows from a table:
 * - `with-streams`: the rows are the customer's events and streams; the store deletes them with the
 *   streams (what it does with each category is CUSTOMER_STREAM_CATEGORIES's word);
 * - `projections`: read models; every projection drops the customer's keys (`<id>`, `<id>/...`) as it
 *   folds `CustomerErased`, on every host;
 * - `rows-of-streams`: rows keyed by one of the customer's streams; `scrubRowsOfStreams` deletes
 *   them by this registry, at the erasure's fence and again on every host as it folds the erasure;
 * - `rate-limit-fence`: the customer's own keys (`<limit>:customer:<id>`) dropped and fenced, an
 *   email's keys (a digest) dropped with the account;
 * - `key-shredded`: the personal-data key, deleted with the `customer-` stream (crypto-shredding);
 * - `erasure-record`: the erasure's own record, kept on purpose (a missing key is never read as an
 *   erasure unless one is recorded).
 */
export type CustomerRowsErasure =
  'with-streams' | 'projections' | 'rows-of-streams' | 'rate-limit-fence' | 'key-shredded' | 'erasure-record';

export interface CustomerDataTable {
  /** The column whose value names the customer (their id, or one of their streams). */
  column: string;
  erasure: CustomerRowsErasure;
}

/**
 * THE registry of the tables that hold a customer's data, at table level (DESIGN.md "Erasure is a
 * fence"): every table of the SQLite files (the embedded store's, or a host's read-model file beside
 * EventStoreDB) and of PostgreSQL (`stickwork_`) is here or in TABLES_WITHOUT_CUSTOMER_DATA, or the
 * registry test (app-api customer-tables.int.spec.ts, which lists the tables of freshly opened stores)
 * fails naming it.
 */
export const CUSTOMER_DATA_TABLES = {
  events: { column: 'stream_id', erasure: 'with-streams' },
  streams: { column: 'stream_id', erasure: 'with-streams' },
  read_models: { column: 'key', erasure: 'projections' },
  stream_snapshots: { column: 'stream_id', erasure: 'rows-of-streams' },
  projection_parked_events: { column: 'stream_id', erasure: 'rows-of-streams' },
  rate_limits: { column: 'key', erasure: 'rate-limit-fence' },
  stickwork_rate_limits: { column: 'key', erasure: 'rate-limit-fence' },
  personal_data_keys: { column: 'stream_id', erasure: 'key-shredded' },
  stickwork_personal_data_keys: { column: 'stream_id', erasure: 'key-shredded' },
  personal_data_erasures: { column: 'stream_id', erasure: 'erasure-record' },
  stickwork_personal_data_erasures: { column: 'stream_id', erasure: 'erasure-record' },
} as const satisfies Record<string, CustomerDataTable>;

/** The tables that hold no customer's data, each with why. */
export const TABLES_WITHOUT_CUSTOMER_DATA = {
  event_store_schema: "the store's schema version",
  stream_tombstones: 'SHA-256 digests of deleted stream names, naming nobody',
  stream_deletions: 'how many streams were ever deleted: one number',
  projection_checkpoints: "each projection's name and position",
  rate_limit_fences: 'SHA-256 digests of fenced customers (`customer:<id>`), naming nobody',
  stickwork_rate_limit_fences: 'SHA-256 digests of fenced customers (`customer:<id>`), naming nobody',
  leases: "background duties' names and the processes holding them",
  stickwork_leases: "background duties' names and the processes holding them",
  health_probe: 'one row the health check rewrites (its time)',
} as const satisfies Record<string, string>;

/** The tables an erasure scrubs by the customer's stream ids (`rows-of-streams`), with their column. */
export const tablesOfCustomerStreams = (): { table: string; column: string }[] =>
  Object.entries(CUSTOMER_DATA_TABLES)
    .filter(([, entry]) => entry.erasure === 'rows-of-streams')
    .map(([table, entry]) => ({ table, column: entry.column }));

/** Every stream of a customer but the erasure's own record (`<category>-<id>` of domain's registry). */
export const customerStreamIds = (customerId: string): string[] =>
  Object.entries(CUSTOMER_STREAM_CATEGORIES)
    .filter(([, erasure]) => erasure !== 'record')
    .map(([category]) => `${category}-${customerId}`);
