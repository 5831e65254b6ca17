import type { Database } from 'better-sqlite3';
import type { ParkedEvent, ReadModelStore } from '@stickwork/projections';

interface ParkedRow {
  projection: string;
  position: number;
  stream_id: string;
  revision: number;
  type: string;
  error: string;
  parked_at: string;
}

const parkedEventOf = (row: ParkedRow): ParkedEvent => ({
  projection: row.projection,
  position: row.position,
  streamId: row.stream_id,
  revision: row.revision,
  type: row.type,
  error: row.error,
  parkedAt: row.parked_at,
});

// A stream's parked events are read by the stream's index (every write asks of its streams), a
// projection's by the primary key; -1 is SQLite's "no limit". One query with both filters optional
// (`@x IS NULL OR …`) scanned the whole table each time.
export const PARKED_OF_STREAM = `SELECT * FROM projection_parked_events
  WHERE stream_id = @streamId AND (@projection IS NULL OR projection = @projection)
  ORDER BY position, projection LIMIT @limit`;
export const PARKED_OF_PROJECTION = `SELECT * FROM projection_parked_events WHERE projection = @projection
  ORDER BY position, projection LIMIT @limit`;

/**
 * Read models, checkpoints and parked events as tables of a SQLite database: the embedded event store's own
 * file (so a batch and its checkpoint commit together), or a file of their own beside
 * EventStoreDB.
 */
export const createSqliteReadModelStore = (db: Database): ReadModelStore => {
  db.exec(`
    CREATE TABLE IF NOT EXISTS read_models (
      projection TEXT NOT NULL,
      key TEXT NOT NULL,
      state TEXT NOT NULL,
      PRIMARY KEY (projection, key)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS projection_checkpoints (
      projection TEXT PRIMARY KEY,
      position INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS projection_parked_events (
      projection TEXT NOT NULL,
      position INTEGER NOT NULL,
      stream_id TEXT NOT NULL,
      revision INTEGER NOT NULL,
      type TEXT NOT NULL,
      error TEXT NOT NULL,
      parked_at TEXT NOT NULL,
      PRIMARY KEY (projection, position)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS projection_parked_events_by_stream ON projection_parked_events (stream_id);
  `);
  const get = db.prepare<[string, string], { state: string }>(
    'SELECT state FROM read_models WHERE projection = ? AND key = ?',
  );
  const put = db.prepare<[string, string, string]>(
    'INSERT INTO read_models (projection, key, state) VALUES (?, ?, ?) ON CONFLICT (projection, key) DO UPDATE SET state = excluded.state',
  );
  const remove = db.prepare<[string, string]>('DELETE FROM read_models WHERE projection = ? AND key = ?');
  const list = db.prepare<[string], { key: string; state: string }>(
    'SELECT key, state FROM read_models WHERE projection = ? ORDER BY key',
  );
  // A prefix as a key range, so the primary key's index serves it (no LIKE and its escaping).
  const listUnder = db.prepare<[string, string, string], { key: string; state: string }>(
    'SELECT key, state FROM read_models WHERE projection = ? AND key >= ? AND key < ? ORDER BY key',
  );
  const removeUnder = db.prepare<[string, string, string]>(
    'DELETE FROM read_models WHERE projection = ? AND key >= ? AND key < ?',
  );
  const checkpoint = db.prepare<[string], { position: number }>(
    'SELECT position FROM projection_checkpoints WHERE projection = ?',
  );
  const allCheckpoints = db.prepare<[], { projection: string; position: number }>(
    'SELECT projection, position FROM projection_checkpoints',
  );
  // Every projection of a batch in one statement: the names as a JSON array (`WHERE true` lets
  // SQLite parse the upsert after a SELECT).
  const setCheckpoints = db.prepare<[number, string]>(
    `INSERT INTO projection_checkpoints (projection, position) SELECT value, ? FROM json_each(?) WHERE true
     ON CONFLICT (projection) DO UPDATE SET position = excluded.position`,
  );
  const resetModels = db.prepare<[string]>('DELETE FROM read_models WHERE projection = ?');
  const resetCheckpoint = db.prepare<[string]>('DELETE FROM projection_checkpoints WHERE projection = ?');
  const names = db.prepare<[], { projection: string }>(
    'SELECT DISTINCT projection FROM read_models UNION SELECT projection FROM projection_checkpoints UNION SELECT projection FROM projection_parked_events',
  );
  const park = db.prepare<[ParkedRow]>(
    `INSERT INTO projection_parked_events (projection, position, stream_id, revision, type, error, parked_at)
     VALUES (@projection, @position, @stream_id, @revision, @type, @error, @parked_at)
     ON CONFLICT (projection, position) DO UPDATE SET error = excluded.error, parked_at = excluded.parked_at`,
  );
  const unpark = db.prepare<[string, number]>(
    'DELETE FROM projection_parked_events WHERE projection = ? AND position = ?',
  );
  type ParkedQuery = { projection: string | null; streamId: string | null; limit: number };
  const parkedOfStream = db.prepare<[ParkedQuery], ParkedRow>(PARKED_OF_STREAM);
  const parkedOfProjection = db.prepare<[ParkedQuery], ParkedRow>(PARKED_OF_PROJECTION);
  const parkedAll = db.prepare<[ParkedQuery], ParkedRow>(
    'SELECT * FROM projection_parked_events ORDER BY position, projection LIMIT @limit',
  );
  const resetParked = db.prepare<[string]>('DELETE FROM projection_parked_events WHERE projection = ?');
  const moveParked = db.prepare<[string, string]>(
    'UPDATE projection_parked_events SET projection = ? WHERE projection = ?',
  );
  const moveModels = db.prepare<[string, string]>(
    'UPDATE read_models SET projection = ? WHERE projection = ?',
  );
  const moveCheckpoint = db.prepare<[string, string]>(
    'UPDATE projection_checkpoints SET projection = ? WHERE projection = ?',
  );

  const asTransaction = db.transaction((work: () => unknown) => work());

  return {
    // IMMEDIATE: take the write lock before reading checkpoints, so two processes cannot both
    // apply a page on top of the same checkpoint. One wrapper made once (making one defines its
    // four variants): inside another transaction it is a savepoint.
    transaction: <T>(work: () => T) => asTransaction.immediate(work) as T,
    get: <State>(projection: string, key: string) => {
      const row = get.get(projection, key);
      return row ? (JSON.parse(row.state) as State) : undefined;
    },
    put: (projection, key, state) => void put.run(projection, key, JSON.stringify(state)),
    delete: (projection, key) => void remove.run(projection, key),
    list: <State>(projection: string) =>
      list.all(projection).map(({ key, state }) => ({ key, state: JSON.parse(state) as State })),
    listUnder: <State>(projection: string, prefix: string) =>
      listUnder
        .all(projection, prefix, pastPrefix(prefix))
        .map(({ key, state }) => ({ key, state: JSON.parse(state) as State })),
    deleteUnder: (projection, prefix) => void removeUnder.run(projection, prefix, pastPrefix(prefix)),
    checkpoint: (projection) => checkpoint.get(projection)?.position ?? null,
    checkpoints: () =>
      new Map(allCheckpoints.all().map(({ projection, position }) => [projection, position])),
    setCheckpoints: (projections, position) => void setCheckpoints.run(position, JSON.stringify(projections)),
    park: (entry) =>
      void park.run({
        projection: entry.projection,
        position: entry.position,
        stream_id: entry.streamId,
        revision: entry.revision,
        type: entry.type,
        error: entry.error,
        parked_at: entry.parkedAt,
      }),
    unpark: (projection, position) => void unpark.run(projection, position),
    parked: ({ projection, streamId, limit } = {}) => {
      const query = { projection: projection ?? null, streamId: streamId ?? null, limit: limit ?? -1 };
      const statement =
        streamId !== undefined ? parkedOfStream : projection !== undefined ? parkedOfProjection : parkedAll;
      return statement.all(query).map(parkedEventOf);
    },
    reset: (projection) => {
      resetModels.run(projection);
      resetCheckpoint.run(projection);
      resetParked.run(projection);
    },
    // A shadow rebuild's rows take the live projection's name in one statement each; inside the
    // caller's transaction, readers on any connection see the old rows or the new ones.
    swap: (source, target) => {
      resetModels.run(target);
      resetCheckpoint.run(target);
      resetParked.run(target);
      moveModels.run(target, source);
      moveCheckpoint.run(target, source);
      moveParked.run(target, source);
    },
    names: () => names.all().map(({ projection }) => projection),
  };
};

/** The first string after every string that starts with `prefix` (its last character, plus one). */
const pastPrefix = (prefix: string): string =>
  prefix === ''
    ? '\u{10FFFF}'
    : prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
