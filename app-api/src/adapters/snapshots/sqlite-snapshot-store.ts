import type { Database } from 'better-sqlite3';
import type { SnapshotStore, StreamSnapshot } from '@stickwork/domain';

interface SnapshotRow {
  stream_id: string;
  revision: number;
  last_event_id: string;
  schema_version: number;
  state: string;
}

/**
 * Stream snapshots as a table of a SQLite database: the embedded store's own file, or beside
 * EventStoreDB the local read-models file. A snapshot names the revision and id of its last
 * event, so it is checked against the store it came from before it is used.
 */
export const createSqliteSnapshotStore = (
  db: Database,
  {
    eventsInSameFile = false,
  }: {
    /**
     * The embedded store's file: a snapshot is saved only while its last event is still in the
     * `events` table, in the same statement, so a command that read the stream before an erasure
     * cannot leave a snapshot of it after the erasure dropped the row.
     */
    eventsInSameFile?: boolean;
  } = {},
): SnapshotStore => {
  db.exec(`
    CREATE TABLE IF NOT EXISTS stream_snapshots (
      stream_id TEXT PRIMARY KEY,
      revision INTEGER NOT NULL,
      last_event_id TEXT NOT NULL,
      schema_version INTEGER NOT NULL,
      state TEXT NOT NULL
    ) WITHOUT ROWID;
  `);
  const load = db.prepare<[string], SnapshotRow>('SELECT * FROM stream_snapshots WHERE stream_id = ?');
  const save = db.prepare<{
    streamId: string;
    revision: number;
    lastEventId: string;
    schemaVersion: number;
    state: string;
  }>(
    `INSERT INTO stream_snapshots (stream_id, revision, last_event_id, schema_version, state)
     SELECT @streamId, @revision, @lastEventId, @schemaVersion, @state
     ${eventsInSameFile ? 'WHERE EXISTS (SELECT 1 FROM events WHERE event_id = @lastEventId)' : 'WHERE true'}
     ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision,
       last_event_id = excluded.last_event_id, schema_version = excluded.schema_version,
       state = excluded.state
     WHERE excluded.revision >= stream_snapshots.revision`,
  );
  const remove = db.prepare<[string]>('DELETE FROM stream_snapshots WHERE stream_id = ?');
  return {
    load: async (streamId): Promise<StreamSnapshot | undefined> => {
      const row = load.get(streamId);
      return row
        ? {
            streamId: row.stream_id,
            revision: row.revision,
            lastEventId: row.last_event_id,
            schemaVersion: row.schema_version,
            state: JSON.parse(row.state) as unknown,
          }
        : undefined;
    },
    save: async (snapshot) =>
      void save.run({
        streamId: snapshot.streamId,
        revision: snapshot.revision,
        lastEventId: snapshot.lastEventId,
        schemaVersion: snapshot.schemaVersion,
        state: JSON.stringify(snapshot.state),
      }),
    delete: async (streamId) => void remove.run(streamId),
  };
};
