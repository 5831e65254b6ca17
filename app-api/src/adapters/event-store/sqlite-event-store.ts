import { createHash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import {
  StreamTombstonedError,
  WrongExpectedRevisionError,
  type AllSubscription,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StoreStats,
} from '@stickwork/domain';
import {
  asStoreDamage,
  refuseEmptyStoreFile,
  requireIntact,
  type IntegrityCheck,
} from './sqlite-integrity.js';
import { makePrivate } from '../../data-dir-modes.js';
import { groupCommitOf } from '../sqlite-group-commit.js';

export interface SqliteEventStoreOptions {
  /** The database file, e.g. `${DATA_DIR}/stickwork.db`. Created (with its schema) unless read-only. */
  file: string;
  /** Open for reading only (the CLI beside a running server). Appends and deletes then throw. */
  readonly?: boolean;
  /** Id for events appended without one. Default: `crypto.randomUUID()`. */
  generateId?: () => string;
  /** How often a subscription looks for events written by other connections. Default 40 ms. */
  pollIntervalMs?: number;
  /**
   * Check the file's pages before use and refuse a damaged one: `quick` (default when writable),
   * `full` (also indexes; the CLI on demand) or `none` (default read-only).
   */
  integrityCheck?: IntegrityCheck | 'none';
}

export interface SqliteEventStore extends EventStore {
  readonly kind: 'sqlite';
  readonly file: string;
  /**
   * The underlying connection, for the projection runner: it keeps its read models and checkpoints
   * in tables of this same file and writes them in one transaction (`database.transaction(...)`).
   * Tables named `events`, `streams` and `event_store_schema` belong to the store: do not write them.
   */
  readonly database: Database.Database;
  /** Always given here: the stream's revision and the store's count of deletions (see `EventStore`). */
  streamMark(streamId: string): string;
}

/** Bump with a new entry in `migrations` when the schema changes. */
const migrations: readonly string[] = [
  `CREATE TABLE events (
     position INTEGER PRIMARY KEY AUTOINCREMENT, -- AUTOINCREMENT: a deleted last position is never reused
     stream_id TEXT NOT NULL,
     revision INTEGER NOT NULL,
     event_id TEXT NOT NULL UNIQUE,
     type TEXT NOT NULL,
     data TEXT NOT NULL,     -- JSON
     metadata TEXT NOT NULL, -- JSON
     UNIQUE (stream_id, revision)
   );
   CREATE TABLE streams (
     stream_id TEXT PRIMARY KEY,
     revision INTEGER NOT NULL -- revision of the stream's last event
   ) WITHOUT ROWID;`,
  // Streams deleted for good (erasure's fence): by the SHA-256 of their name, so the table names no
  // customer, and every append's transaction looks it up.
  `CREATE TABLE stream_tombstones (
     stream_digest BLOB PRIMARY KEY
   ) WITHOUT ROWID;`,
  // How many streams were ever deleted, all together: with a stream's revision it is the stream's mark
  // (`streamMark`), which a stream deleted and written up to the same revision again can never repeat.
  `CREATE TABLE stream_deletions (count INTEGER NOT NULL);
   INSERT INTO stream_deletions (count) VALUES (0);`,
];

const streamDigest = (streamId: string): Buffer => createHash('sha256').update(streamId).digest();

const BUSY_TIMEOUT_MS = 5000;
const READ_BATCH = 500;
const ERASURE_CHECKPOINT_ATTEMPTS = 10;

interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
}

const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  streamId: row.stream_id,
  type: row.type,
  data: JSON.parse(row.data) as unknown,
  metadata: JSON.parse(row.metadata) as EventMetadata,
  revision: row.revision,
  position: row.position,
});

const migrate = (database: Database.Database) => {
  database.exec('CREATE TABLE IF NOT EXISTS event_store_schema (version INTEGER NOT NULL)');
  database
    .transaction(() => {
      const row = database.prepare('SELECT version FROM event_store_schema').get() as
        { version: number } | undefined;
      const current = row?.version ?? 0;
      if (current > migrations.length) {
        throw new Error(
          `Event store schema version ${current} is newer than this app knows (${migrations.length})`,
        );
      }
      for (const migration of migrations.slice(current)) database.exec(migration);
      if (row === undefined)
        database.prepare('INSERT INTO event_store_schema (version) VALUES (?)').run(migrations.length);
      else database.prepare('UPDATE event_store_schema SET version = ?').run(migrations.length);
    })
    .immediate();
};

/**
 * A stream's `streamMark`: its revision (-1 when it has no events) and how many streams the store has
 * ever deleted. Appends move the revision; a deletion moves the count, so a stream deleted and written
 * up to the same revision again has another mark. Any process's commits count, and a mark read inside
 * an append's transaction is the one after its commit. A file opened read-only before its schema has the
 * count (an older server's) gives a new mark every time: its readers read.
 */
const markOfStreams = (database: Database.Database): ((streamId: string) => string) => {
  let mark: Database.Statement<[string], string>;
  try {
    mark = database
      .prepare<[string], string>(
        `SELECT coalesce((SELECT revision FROM streams WHERE stream_id = ?), -1) || '/' ||
                (SELECT count FROM stream_deletions)`,
      )
      .pluck();
  } catch {
    let unmarked = 0;
    return () => `unmarked ${unmarked++}`;
  }
  return (streamId) => mark.get(streamId)!;
};

const expectationHolds = (expected: ExpectedRevision, current: number | undefined) =>
  expected === 'any' ||
  (expected === 'no_stream' && current === undefined) ||
  (expected === 'stream_exists' && current !== undefined) ||
  expected === current;

/**
 * The embedded event store: one SQLite file under DATA_DIR, in WAL mode so a second process
 * (the CLI) can read while the server writes. Deleting a stream really removes its bytes:
 * secure_delete zeroes the freed content and a truncating checkpoint empties the WAL.
 */
export const openSqliteEventStore = ({
  file,
  readonly = false,
  generateId = randomUUID,
  pollIntervalMs = 40,
  integrityCheck = readonly ? 'none' : 'quick',
}: SqliteEventStoreOptions): SqliteEventStore => {
  refuseEmptyStoreFile(file);
  let database: Database.Database;
  try {
    database = new Database(file, { readonly, fileMustExist: readonly });
    if (!readonly) makePrivate(file);
  } catch (error) {
    throw asStoreDamage(error, file);
  }
  try {
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    if (integrityCheck !== 'none') requireIntact(database, file, integrityCheck);
    if (!readonly) {
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
      database.pragma('secure_delete = ON');
      migrate(database);
    }
  } catch (error) {
    database.close();
    throw asStoreDamage(error, file);
  }

  const statements = {
    streamRevision: database.prepare('SELECT revision FROM streams WHERE stream_id = ?').pluck(),
    eventById: database.prepare('SELECT stream_id, revision FROM events WHERE event_id = ?'),
    readStream: database.prepare(
      'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    readAll: database.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
    lastPosition: database.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'events'").pluck(),
    /** The primary key's index answers it without a scan. */
    lastReadablePosition: database.prepare('SELECT max(position) FROM events').pluck(),
    /** Counting scans the tables: stats are for operators and tests, not request paths. */
    counts: database.prepare(
      `SELECT (SELECT count(*) FROM streams) AS streams,
              (SELECT count(*) FROM events) AS events,
              (SELECT seq FROM sqlite_sequence WHERE name = 'events') AS lastPosition`,
    ),
  };
  const writes = readonly
    ? undefined
    : {
        insertEvent: database.prepare(
          `INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ),
        upsertStream: database.prepare(
          `INSERT INTO streams (stream_id, revision) VALUES (?, ?)
           ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision`,
        ),
        deleteEvents: database.prepare('DELETE FROM events WHERE stream_id = ?'),
        deleteStream: database.prepare('DELETE FROM streams WHERE stream_id = ?'),
        tombstoned: database.prepare('SELECT 1 FROM stream_tombstones WHERE stream_digest = ?').pluck(),
        tombstone: database.prepare('INSERT OR IGNORE INTO stream_tombstones (stream_digest) VALUES (?)'),
        countDeletion: database.prepare('UPDATE stream_deletions SET count = count + 1'),
      };
  const streamMark = markOfStreams(database);

  const writable = () => {
    if (!writes) throw new Error(`The event store ${file} is open read-only`);
    return writes;
  };

  /** A retried batch whose ids are already recorded in order returns the original result. */
  const replayedResult = (streamId: string, events: readonly EventToAppend[]): AppendResult | undefined => {
    const firstId = events[0]?.id;
    if (firstId === undefined) return undefined;
    const first = statements.eventById.get(firstId) as { stream_id: string; revision: number } | undefined;
    if (first === undefined) return undefined;
    const recorded = (statements.readStream.all(streamId, first.revision, events.length) as EventRow[]).map(
      (row) => row.event_id,
    );
    const matches =
      first.stream_id === streamId &&
      recorded.length === events.length &&
      events.every((event, index) => event.id === recorded[index]);
    if (!matches) throw new Error(`Event id ${firstId} is already recorded for a different append`);
    const last = statements.readStream.get(streamId, first.revision + events.length - 1, 1) as EventRow;
    return { nextExpectedRevision: last.revision, position: last.position };
  };

  const append = (
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
    inTransaction?: (recorded: readonly RecordedEvent[]) => void,
  ): AppendResult => {
    const { insertEvent, upsertStream, tombstoned } = writable();
    // Inside the append's transaction: a tombstone written by any process is seen, or comes after.
    if (tombstoned.get(streamDigest(streamId)) !== undefined) throw new StreamTombstonedError(streamId);
    const replayed = replayedResult(streamId, events);
    if (replayed) return replayed;
    const current = statements.streamRevision.get(streamId) as number | undefined;
    if (!expectationHolds(expected, current)) {
      throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
    }
    let revision = current ?? -1;
    let position = events.length === 0 ? ((statements.lastPosition.get() as number | undefined) ?? 0) : 0;
    const recorded: EventRow[] = [];
    for (const event of events) {
      revision += 1;
      const row = {
        stream_id: streamId,
        revision,
        event_id: event.id ?? generateId(),
        type: event.type,
        data: JSON.stringify(event.data ?? null),
        metadata: JSON.stringify(event.metadata),
      };
      const result = insertEvent.run(
        row.stream_id,
        row.revision,
        row.event_id,
        row.type,
        row.data,
        row.metadata,
      );
      position = Number(result.lastInsertRowid);
      recorded.push({ ...row, position });
    }
    if (events.length > 0) upsertStream.run(streamId, revision);
    // As a read would return them (parsed from the stored JSON), without reading them back.
    if (inTransaction && recorded.length > 0) inTransaction(recorded.map(toRecordedEvent));
    return { nextExpectedRevision: revision, position };
  };
  /** Appends asked for together commit together (group commit), each answered after that commit. */
  const groupCommit = groupCommitOf(database);

  /** In-process appends wake subscriptions at once; other processes' appends are found by polling. */
  const wakeUps = new Set<() => void>();
  const closers = new Set<() => void>();
  let closed = false;

  const readAllRows = (after: number, limit: number) =>
    (statements.readAll.all(after, limit) as EventRow[]).map(toRecordedEvent);

  const subscribeToAll = ({ after = 0 }: { after?: number } = {}): AllSubscription => {
    let lastDelivered = after;
    let buffered: RecordedEvent[] = [];
    let stopped = false;
    let wake: (() => void) | undefined;
    const stop = () => {
      stopped = true;
      wake?.();
    };
    closers.add(stop);

    const waitForMore = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollIntervalMs);
        function done() {
          clearTimeout(timer);
          wakeUps.delete(done);
          wake = undefined;
          resolve();
        }
        wake = done;
        wakeUps.add(done);
      });

    const iterator: AsyncIterator<RecordedEvent> = {
      async next() {
        for (;;) {
          if (stopped || closed) return { done: true, value: undefined };
          const next = buffered.shift();
          if (next) {
            lastDelivered = next.position;
            return { done: false, value: next };
          }
          buffered = readAllRows(lastDelivered, READ_BATCH);
          if (buffered.length === 0) await waitForMore();
        }
      },
      async return() {
        stop();
        closers.delete(stop);
        return { done: true, value: undefined };
      },
    };
    return {
      [Symbol.asyncIterator]: () => iterator,
      async unsubscribe() {
        stop();
        closers.delete(stop);
      },
    };
  };

  /** Empties the WAL so no copy of deleted bytes stays in it; a reader holding an old snapshot can block it. */
  const truncateWal = async () => {
    for (let attempt = 1; attempt <= ERASURE_CHECKPOINT_ATTEMPTS; attempt++) {
      const [result] = database.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      if (result?.busy === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
    throw new Error(
      `The stream is deleted but a reader kept the WAL of ${file} from being emptied; it is emptied at the next checkpoint`,
    );
  };

  return {
    kind: 'sqlite',
    file,
    database,

    async appendToStream(streamId, events, { expectedRevision = 'any', inTransaction } = {}) {
      writable(); // a read-only store refuses here, before it asks for the write lock
      const result = await groupCommit.run(() => append(streamId, events, expectedRevision, inTransaction));
      for (const wakeUp of [...wakeUps]) wakeUp();
      return result;
    },

    async readStream(streamId, { fromRevision = 0, maxCount = -1 }: ReadStreamOptions = {}) {
      return (statements.readStream.all(streamId, fromRevision, maxCount) as EventRow[]).map(toRecordedEvent);
    },

    streamMark,

    async readAll({ after = 0, maxCount = -1 }: ReadAllOptions = {}) {
      return readAllRows(after, maxCount);
    },

    async lastPosition() {
      return (statements.lastReadablePosition.get() as number | null | undefined) ?? null;
    },

    subscribeToAll,

    async deleteStream(streamId) {
      const { deleteEvents, deleteStream, countDeletion } = writable();
      const deleted = database
        .transaction(() => {
          countDeletion.run();
          return deleteEvents.run(streamId).changes + deleteStream.run(streamId).changes;
        })
        .immediate();
      if (deleted > 0) await truncateWal();
    },

    async tombstoneStream(streamId) {
      const { deleteEvents, deleteStream, tombstone, countDeletion } = writable();
      const deleted = database
        .transaction(() => {
          countDeletion.run();
          tombstone.run(streamDigest(streamId));
          return deleteEvents.run(streamId).changes + deleteStream.run(streamId).changes;
        })
        .immediate();
      if (deleted > 0) await truncateWal();
    },

    async stats(): Promise<StoreStats> {
      return statements.counts.get() as StoreStats;
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const close of [...closers]) close();
      closers.clear();
      if (!readonly) database.pragma('wal_checkpoint(TRUNCATE)');
      database.close();
    },
  };
};
