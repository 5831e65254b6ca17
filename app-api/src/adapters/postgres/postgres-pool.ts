import pg from 'pg';
import type { Logger } from 'pino';
import { isConnectionFailure, SharedStoreUnavailableError } from './shared-store-unavailable.js';

/** How long a connection attempt may take before it counts as unreachable. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** A query the server does not answer in this time fails (as unavailable) instead of holding a request. */
const QUERY_TIMEOUT_MS = 10_000;

export interface SharedPool {
  /** Runs one statement; a server that cannot be reached rejects with SharedStoreUnavailableError. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>>;
  /** Runs `work` in one transaction on one connection (BEGIN ... COMMIT, ROLLBACK on any error). */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  end(): Promise<void>;
}

const asUnavailable = (error: unknown): unknown =>
  isConnectionFailure(error) ? new SharedStoreUnavailableError(error) : error;

/**
 * A pg Pool on DATABASE_URL. It reconnects by itself: a connection that died is dropped and the
 * next query opens a new one, so the server recovers when PostgreSQL is back without a restart.
 * An idle connection that dies emits `error` on the pool: without a listener that would end the
 * process, so it is logged (the message only: the URL may hold a password) and otherwise ignored.
 */
export const openSharedPool = (databaseUrl: string, logger?: Logger): SharedPool => {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    max: 10,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => {
    logger?.warn(
      { code: (error as { code?: string }).code, reason: error.message },
      'PostgreSQL connection lost',
    );
  });
  return {
    query: async <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
      try {
        return await pool.query<Row>(text, values);
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asUnavailable(error);
      }
      // A connection that dies between two statements of the transaction emits `error` on the
      // client (not on a query): heard here, so it fails the next statement instead of the process.
      const onError = (error: Error) => logger?.warn({ reason: error.message }, 'PostgreSQL connection lost');
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        client.off('error', onError);
        client.release();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.off('error', onError);
        // A connection that failed is not handed out again.
        client.release(isConnectionFailure(error) ? (error as Error) : undefined);
        throw asUnavailable(error);
      }
    },
    end: () => pool.end(),
  };
};
